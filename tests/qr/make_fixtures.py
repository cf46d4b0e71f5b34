"""Make the QR fixtures of tests/qr.rs with segno, an independent encoder.

Not run by the tests. To remake the fixtures (from the repository root):

    python3 -m venv /tmp/qrvenv && /tmp/qrvenv/bin/pip install segno
    /tmp/qrvenv/bin/python tests/qr/make_fixtures.py

Each case is one file: `key: value` lines (the text, the level, the version
and mask segno chose or was given, and which of them were forced), then the
module matrix, one row a line, 1 = dark, without the quiet zone.
"""

import base64
import hashlib
import pathlib

import segno
import segno.encoder

# segno 1.6.6 adds a zero codeword where the bit stream already ends on a
# codeword boundary (https://github.com/heuer/segno/issues/148), which in
# byte mode is nearly always; ISO/IEC 18004 §7.4.10 pads with 0xEC 0x11.
segno.encoder.write_padding_bits = lambda buff, version, length: buff.extend([0] * (-length % 8))

HERE = pathlib.Path(__file__).parent
PREFIX = "https://example.github.io/ono99/#join="


def link(length):
    """A made-up invite link of `length` characters with a base64url code."""
    code = b""
    while len(code) < length:
        code += hashlib.sha256(code + bytes([length % 256])).digest()
    text = PREFIX + base64.urlsafe_b64encode(code).decode().rstrip("=")
    return text[:length]


# name, text, level, version (None: smallest), mask (None: segno's choice)
CASES = [
    ("short-m", "ONO 99", "M", None, None),
    ("short-l-utf8", "ONO 99 — ¡únete!", "L", None, None),
    ("short-m-v25", "ONO 99", "M", 25, None),
    ("link120-m", link(120), "M", None, None),
    ("link120-l", link(120), "L", None, None),
    ("link260-m", link(260), "M", None, None),
    ("link260-l", link(260), "L", None, None),
    ("link330-m", link(330), "M", None, None),
    ("link330-l", link(330), "L", None, None),
    ("full-m-v13", link(331), "M", None, None),
] + [(f"link120-m-mask{m}", link(120), "M", None, m) for m in range(8)]

for name, text, level, version, mask in CASES:
    qr = segno.make(text.encode("utf-8"), error=level, version=version, mask=mask,
                    mode="byte", micro=False, boost_error=False)
    assert qr.error == level
    forced = [f for f, value in (("version", version), ("mask", mask)) if value is not None]
    lines = [
        f"text: {text}",
        f"ecc: {qr.error}",
        f"version: {qr.version}",
        f"mask: {qr.mask}",
        f"forced: {' '.join(forced) or 'none'}",
        "",
    ]
    lines += ["".join(str(m) for m in row) for row in qr.matrix]
    (HERE / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(name, qr.designator, "mask", qr.mask)
