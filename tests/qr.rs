//! The QR encoder of invite links (`online::qr`) against segno, an
//! independent encoder: the fixtures in `tests/qr/` are whole module
//! matrices that `tests/qr/make_fixtures.py` had segno make.

use std::fs;
use std::path::Path;

use ono99::online::qr::{Ecc, QrCode, QrError};

/// Byte-mode capacities of versions 1 to 40 (ISO/IEC 18004 table 7, as
/// segno gives them).
const CAPACITY_L: [usize; 40] = [
    17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
    929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431,
    2563, 2699, 2809, 2953,
];
const CAPACITY_M: [usize; 40] = [
    14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
    711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911,
    1989, 2099, 2213, 2331,
];

struct Fixture {
    name: String,
    text: String,
    ecc: Ecc,
    version: u8,
    mask: u8,
    forced_version: bool,
    forced_mask: bool,
    rows: Vec<String>,
}

fn fixtures() -> Vec<Fixture> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/qr");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .expect("tests/qr")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let content = fs::read_to_string(path).expect("fixture");
            let (head, matrix) = content
                .split_once("\n\n")
                .expect("header, blank line, matrix");
            let field = |key: &str| {
                head.lines()
                    .find_map(|line| line.strip_prefix(key)?.strip_prefix(": "))
                    .unwrap_or_else(|| panic!("{}: no {key}", path.display()))
            };
            let forced = field("forced");
            Fixture {
                name: path
                    .file_name()
                    .expect("name")
                    .to_string_lossy()
                    .into_owned(),
                text: field("text").to_owned(),
                ecc: if field("ecc") == "L" { Ecc::L } else { Ecc::M },
                version: field("version").parse().expect("version"),
                mask: field("mask").parse().expect("mask"),
                forced_version: forced.contains("version"),
                forced_mask: forced.contains("mask"),
                rows: matrix.lines().map(str::to_owned).collect(),
            }
        })
        .collect()
}

fn rows(qr: &QrCode) -> Vec<String> {
    (0..qr.size())
        .map(|y| {
            (0..qr.size())
                .map(|x| if qr.get(x, y) { '1' } else { '0' })
                .collect()
        })
        .collect()
}

#[test]
fn every_fixture_is_the_symbol_segno_made() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 18, "fixtures missing: {}", fixtures.len());
    for f in &fixtures {
        let version = f.forced_version.then_some(f.version);
        let mask = f.forced_mask.then_some(f.mask);
        let qr = QrCode::encode_with(f.text.as_bytes(), f.ecc, version, mask).expect(&f.name);
        assert_eq!(
            (qr.version(), qr.ecc(), qr.mask()),
            (f.version, f.ecc, f.mask),
            "{}",
            f.name
        );
        assert_eq!(qr.size(), 17 + 4 * usize::from(f.version), "{}", f.name);
        let ours = rows(&qr);
        std::fs::write(format!("/tmp/ours-{}", f.name), ours.join("\n")).ok();
        let wrong = ours
            .iter()
            .zip(&f.rows)
            .map(|(a, b)| a.bytes().zip(b.bytes()).filter(|(a, b)| a != b).count());
        assert_eq!(wrong.sum::<usize>(), 0, "{}: modules differ", f.name);
        assert_eq!(ours, f.rows, "{}", f.name);
        if f.ecc == Ecc::M && !f.forced_version && !f.forced_mask {
            assert_eq!(QrCode::encode(f.text.as_bytes()), Ok(qr), "{}", f.name);
        }
    }
}

#[test]
fn the_fixtures_cover_links_levels_versions_and_masks() {
    let fixtures = fixtures();
    let has = |pred: &dyn Fn(&Fixture) -> bool| fixtures.iter().any(pred);
    assert!(has(&|f| f.version <= 2 && !f.forced_version));
    assert!(has(&|f| f.version >= 25));
    for len in [120, 260, 330] {
        for ecc in [Ecc::L, Ecc::M] {
            assert!(
                has(&|f| f.text.len() == len && f.ecc == ecc && !f.forced_mask),
                "{len} {ecc:?}"
            );
        }
    }
    assert!(has(&|f| f.text.len() == 330 && f.version >= 7));
    for mask in 0..8 {
        assert!(has(&|f| f.forced_mask && f.mask == mask), "mask {mask}");
    }
}

#[test]
fn each_version_holds_its_capacity_and_not_one_byte_more() {
    for (ecc, capacity) in [(Ecc::L, CAPACITY_L), (Ecc::M, CAPACITY_M)] {
        for (version, &max) in (1..=40).zip(&capacity) {
            let qr = QrCode::encode_with(&vec![b'a'; max], ecc, Some(version), None);
            assert_eq!(qr.map(|qr| qr.version()), Ok(version), "{ecc:?} {version}");
            let over = QrCode::encode_with(&vec![b'a'; max + 1], ecc, Some(version), Some(0));
            assert_eq!(
                over,
                Err(QrError::TooLong { len: max + 1, max }),
                "{ecc:?} {version}"
            );
        }
    }
}

#[test]
fn encode_picks_the_smallest_version_at_m_and_falls_back_to_l() {
    for len in 0..=400 {
        let data: Vec<u8> = (0..len).map(|i| (i * 37 % 256) as u8).collect();
        let qr = QrCode::encode(&data).expect("fits");
        let v = usize::from(qr.version());
        assert_eq!(qr.ecc(), Ecc::M);
        assert!(
            len <= CAPACITY_M[v - 1] && (v == 1 || len > CAPACITY_M[v - 2]),
            "{len}: {v}"
        );
    }
    let qr = QrCode::encode(&[b'a'; 2331]).expect("fits M");
    assert_eq!((qr.ecc(), qr.version()), (Ecc::M, 40));
    let qr = QrCode::encode(&[b'a'; 2332]).expect("fits L");
    assert_eq!((qr.ecc(), qr.version()), (Ecc::L, 36));
}

#[test]
fn too_much_data_is_an_error_never_a_panic() {
    assert_eq!(
        QrCode::encode(&[0; 2954]),
        Err(QrError::TooLong {
            len: 2954,
            max: 2953
        })
    );
    assert_eq!(
        QrCode::encode(&vec![0xFF; 100_000]),
        Err(QrError::TooLong {
            len: 100_000,
            max: 2953
        })
    );
    assert_eq!(
        QrCode::encode_with(&[0; 2332], Ecc::M, None, None),
        Err(QrError::TooLong {
            len: 2332,
            max: 2331
        })
    );
    for version in [0, 41, 255] {
        let wrong = QrCode::encode_with(b"ONO 99", Ecc::M, Some(version), None);
        assert_eq!(wrong, Err(QrError::TooLong { len: 6, max: 0 }));
    }
    let odd_mask = QrCode::encode_with(b"ONO 99", Ecc::M, None, Some(9)).expect("fits");
    assert_eq!(odd_mask.mask(), 1);
    let qr = QrCode::encode(b"").expect("empty fits");
    assert_eq!((qr.version(), qr.size()), (1, 21));
    assert!(!qr.get(21, 0) && !qr.get(0, usize::MAX));
}

#[test]
fn the_svg_has_one_path_that_draws_exactly_the_dark_modules() {
    let link = fixtures()
        .into_iter()
        .find(|f| f.text.len() == 330)
        .expect("330 link");
    let qr = QrCode::encode(link.text.as_bytes()).expect("fits");
    let svg = qr.to_svg();
    let side = qr.size() + 8;
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" "),
        "{svg}"
    );
    assert!(svg.ends_with("\"/></svg>"));
    assert_eq!(svg.matches("<path").count(), 1);
    assert_eq!(svg.matches('<').count(), svg.matches('>').count());
    assert!(svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
    assert!(svg.contains("shape-rendering=\"crispEdges\""));
    assert!(svg.contains(&format!(
        "<rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>"
    )));
    let svg_tag = &svg[..svg.find('>').expect("tag")];
    assert!(!svg_tag.contains(" width=") && !svg_tag.contains(" height="));
    assert!(!svg.contains("<title"));

    // Draw the path back: every run is `Mx yhwv1h-wz`, inside the quiet zone.
    let start = svg.find(" d=\"").expect("d") + 4;
    let d = &svg[start..start + svg[start..].find('"').expect("end of d")];
    let mut drawn = vec![vec![false; qr.size()]; qr.size()];
    for run in d.split('M').skip(1) {
        let run = run.strip_suffix('z').expect("z");
        let (at, rest) = run.split_once('h').expect("h");
        let (w, back) = rest.split_once("v1h-").expect("v1h-");
        assert_eq!(w, back);
        let (x, y) = at.split_once(' ').expect("x y");
        let [x, y, w]: [usize; 3] = [x, y, w].map(|n| n.parse().expect("number"));
        for cell in &mut drawn[y - 4][x - 4..x - 4 + w] {
            assert!(!*cell, "drawn twice");
            *cell = true;
        }
    }
    assert_eq!(
        drawn,
        (0..qr.size())
            .map(|y| (0..qr.size()).map(|x| qr.get(x, y)).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
}
