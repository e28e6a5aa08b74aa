//! The `wargame` binary: with no arguments it opens the GUI; otherwise it runs a
//! command-line subcommand (see `wargame --help`).

fn main() {
    #[cfg(feature = "gui")]
    wargame::gui::STARTED.get_or_init(std::time::Instant::now);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        #[cfg(feature = "gui")]
        {
            wargame::gui::run(wargame::gui::Launch::default());
            return;
        }
        #[cfg(not(feature = "gui"))]
        {
            println!("{}", wargame::cli::USAGE);
            return;
        }
    }
    std::process::exit(wargame::cli::run(&args));
}
