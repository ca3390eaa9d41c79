import ArgumentParser
import Foundation
import GameAssets
import GameCore
import GameFiles
import GameRender
import GameScene

/// `GameApp play`: the game in an SDL window, recorded so it can be replayed and verified.
///
/// Every session is recorded (to `--record FILE`, else under
/// `$XDG_STATE_HOME/<game>/replays/`); `--no-record` turns that off.
struct Play: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play in a window (keyboard or game controller); every game is recorded.",
    discussion: """
      Keys: each game's buttons and their keys are listed by `games`; hold Backspace (or R, \
      when the game leaves it free) to rewind, Escape quits. Rebind them in \
      $XDG_CONFIG_HOME/<game>/keys.conf (default ~/.config/<game>/keys.conf).

      With --host PORT or --join HOST:PORT the window plays a rollback match over UDP against \
      other windows or `netplay` peers: each player uses player 1's keys, the window shows \
      the ping, the rollback depth and whom it waits for; the game starts as `netplay` starts \
      it, the seed is 1 unless given (every peer must give the same), start and pause are \
      the host's, and rewind, high scores and demos are off. The replay of the confirmed \
      match is recorded as usual (--record, --no-record).
      """)

  @OptionGroup var game: GameOption

  @Option(help: "Write the replay here (default: under $XDG_STATE_HOME/<game>/replays/).")
  var record: String?

  @Flag(help: "Do not record this session.")
  var noRecord = false

  @Flag(help: "Keep no high scores this session (they live in $XDG_DATA_HOME/<game>/).")
  var noScores = false

  @Option(
    help: ArgumentHelp(
      "A bot plays, and you watch (keys still pause); no high scores (see `games` for bots).",
      valueName: "name"))
  var bot: String?

  @Option(
    help: ArgumentHelp(
      "Seconds with no input on the title or game-over screen before the game's first bot "
        + "plays a silent demo (any key ends it); 0 turns it off (default: "
        + "\(AttractMode.defaultIdleSeconds)).",
      valueName: "seconds"))
  var attract: Int?

  @Option(help: "Gameplay seed (default: from the clock; 1 in a match over the network).")
  var seed: UInt64?

  @Option(help: "Window size as a multiple of 1280x720.")
  var scale: Double = 1

  @Flag(help: "Fullscreen at the desktop's resolution.")
  var fullscreen = false

  @Option(help: "Read key bindings from this file instead of the config folder.")
  var keys: String?

  @Flag(help: "No sound.")
  var mute = false

  @Option(
    help: ArgumentHelp(
      "Ticks per second: the game's speed (64 is the arcade's pace; stored in the replay).",
      valueName: "n"))
  var hz: UInt16 = 64

  @OptionGroup(title: "A match over the network") var netplay: PlayNetplayOptions

  @Option(help: .hidden) var quitAfterTicks: Int?
  @Option(help: .hidden) var summary: String?

  /// Tick rates `play` accepts: at most 8 ticks in each frame of a 60 Hz display, so the
  /// clock never drops time on a healthy machine.
  static let tickRates = 1...480

  func validate() throws {
    if let conflict = matchConflict { throw ValidationError(conflict) }
    if netplay.isOn { try checkMatch(try game.game()) }
    guard (0.25...8).contains(scale) else { throw ValidationError("--scale must be 0.25...8") }
    try refuseFolder(record)
    if noRecord && record != nil { throw ValidationError("--record and --no-record conflict") }
    if let attract {
      guard AttractMode.idleSecondsRange.contains(attract) else {
        throw ValidationError(
          "--attract must be between \(AttractMode.idleSecondsRange.lowerBound) and "
            + "\(AttractMode.idleSecondsRange.upperBound) seconds (0 turns demos off)")
      }
      if attract > 0 && bot != nil {
        throw ValidationError("--attract and --bot conflict: with --bot a bot plays already")
      }
    }
    guard Self.tickRates.contains(Int(hz)) else {
      throw ValidationError(
        "--hz must be between \(Self.tickRates.lowerBound) and \(Self.tickRates.upperBound)"
          + " (the loop runs at most 8 ticks a frame: faster would fall behind a 60 Hz display)")
    }
  }

  func run() throws {
    let game = try self.game.game()
    if netplay.isOn {
      try runMatch(game)
    } else {
      try run(game)
    }
  }

  private func run<G: PlayableGame>(_ game: G.Type) throws {
    let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000)
    let settings = try self.game.settings(for: G.self, base: G.Settings())
    var player = try bot.map { try self.game.bot($0, for: G.self, seed: seed) }
    let bindings = try KeyBindings.load(for: G.self, from: keys, named: keys != nil)
    let assets = try AssetLocator.assets(for: G.self)
    guard Display.isAvailable() else { throw NoDisplay() }
    let window = try GameWindow(title: G.title, scale: scale, fullscreen: fullscreen)
    let scenes = try SceneRenderer(renderer: window.renderer, assets: assets)
    let audio = mute ? nil : try Audio(assets: assets.game, effects: G.soundEffects)
    if let notice = audio?.notice { printError(notice) }
    let path = noRecord ? nil : record ?? ReplaySessionSink<G>.defaultPath(seed: seed)
    let sink = try path.map {
      try ReplaySessionSink<G>(path: $0, seed: seed, settings: settings, tickRate: hz)
    }
    // A bot's game claims no place on the player's tables.
    let book =
      noScores || bot != nil
      ? nil : HighScoreBook(folder: HighScoreBook.defaultFolder(game: G.id), game: G.self)
    if let notice = book?.notice { printError(notice) }
    let session = GameSession<G>(
      seed: seed, settings: settings, hz: Int(hz), sink: sink, book: book)
    let loop = WindowLoop(window: window, scenes: scenes, audio: audio, bindings: bindings)
    loop.tickLimit = quitAfterTicks
    if player != nil {
      loop.autopilot = { player!.input(for: session.state) }
    }
    // With --bot the bot plays already: no demos over its game.
    let idle = bot == nil ? attract ?? AttractMode.defaultIdleSeconds : 0
    if idle > 0 && G.botNames.isEmpty && attract != nil {
      printError("\(G.id) has no bots: no attract mode")
    }
    let attractSession = AttractSession(
      player: session, mode: AttractMode(idleSeconds: idle, hz: Int(hz)), seed: seed
    ) { line in
      print(line)
      fflush(nil)
    }
    if let summary {
      // The window test watches the game through this file while it plays, polling it with
      // deadlines instead of sleeping and hoping: rewritten when it changes, at most every
      // fourth frame. A failed write here shows in the last one, after the loop, which throws.
      var written = ""
      var frames = 0
      loop.afterFrame = {
        frames += 1
        guard frames % 4 == 0, attractSession.summary != written else { return }
        written = attractSession.summary
        try? OutputFile.write(Array((written + "\n").utf8), to: summary)
      }
    }
    var clock = FixedStepClock(hz: Int(hz))
    loop.run(attractSession) { nanoseconds in
      let frame = clock.advance(by: nanoseconds)
      return (frame.ticks, Float(frame.interpolation) / 65_536)
    }
    for line in try attractSession.finish() { print(line) }
    for line in session.scoreReports { print(line) }
    if let summary {
      try OutputFile.write(Array((attractSession.summary + "\n").utf8), to: summary)
    }
    if let problem = session.scoreProblem { throw problem }
  }
}

/// `play` was asked for with no display to show the window on.
struct NoDisplay: Error, CustomStringConvertible {
  var description: String {
    "no display to open a window on (DISPLAY/WAYLAND_DISPLAY unset or unusable); "
      + "run under xvfb-run, or run `\(GameLauncher.commandName)` alone for the headless demos"
  }
}
