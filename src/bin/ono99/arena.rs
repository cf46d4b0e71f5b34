//! `ono99 arena`: bots against each other with rotating seats.

pub fn run(args: &[String]) -> Result<(), String> {
    let _ = super::parse_common(args, false, true)?;
    Err("the arena arrives with the bots issue".to_string())
}
