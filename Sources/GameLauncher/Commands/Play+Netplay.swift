import ArgumentParser
import GameAssets
import GameCore
import GameFiles
import GameNetplay
import GameRender
import GameScene

/// `play --host PORT` and `play --join HOST:PORT`: a rollback match in the window, the flags
/// `netplay` has where they mean the same.
struct PlayNetplayOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Host a match in the window on this UDP port (0: any free one).", valueName: "port"))
  var host: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Join the match hosted at HOST:PORT in the window.", valueName: "host:port"))
  var join: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Watch the match hosted at HOST:PORT in the window (its confirmed inputs only).",
      valueName: "host:port"))
  var spectate: String?

  @Option(
    help: ArgumentHelp(
      "With --host/--join: the address to listen on (default 127.0.0.1; 0.0.0.0: every interface).",
      valueName: "ipv4"))
  var address: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --host: players in the match (default: the seats the game's settings give).",
      valueName: "n"))
  var seats: Int?

  @Option(
    name: .customLong("input-delay"), parsing: .unconditional,
    help: ArgumentHelp(
      "With --host/--join: ticks between a press and the game seeing it (0-16; default 2).",
      valueName: "ticks"))
  var inputDelay: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --host/--join: ticks a peer may run on predicted inputs (0-32; 0 is lockstep; "
        + "default 8).",
      valueName: "ticks"))
  var window: Int?

  @Option(
    name: .customLong("hash-interval"), parsing: .unconditional,
    help: ArgumentHelp(
      "With --host/--join: ticks between the state hashes the peers compare (default 64).",
      valueName: "ticks"))
  var hashInterval: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --host/--join: seconds to wait for the handshake, and for a silent peer (default 30).",
      valueName: "s"))
  var timeout: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --host/--join: end the match after this many ticks and close the window "
        + "(default: play until a player leaves).",
      valueName: "n"))
  var ticks: Int?

  /// True when the window plays a networked match.
  var isOn: Bool { host != nil || join != nil || spectate != nil }

  var options: NetplayOptions {
    NetplayOptions(
      inputDelay: inputDelay ?? 2, predictionWindow: window ?? 8, hashInterval: hashInterval ?? 64)
  }

  func validate() throws {
    guard isOn else {
      let given: [(String, Bool)] = [
        ("--address", address != nil), ("--seats", seats != nil),
        ("--input-delay", inputDelay != nil), ("--window", window != nil),
        ("--hash-interval", hashInterval != nil), ("--timeout", timeout != nil),
        ("--ticks", ticks != nil),
      ]
      if let flag = given.first(where: \.1)?.0 {
        throw ValidationError(
          "\(flag) is for a match over the network: add --host PORT, --join HOST:PORT or "
            + "--spectate HOST:PORT")
      }
      return
    }
    try validateMatchFlags(
      host: host, join: join, spectate: spectate, seats: seats, ticks: ticks, options: options,
      timeout: timeout)
  }
}

extension Play {
  /// What `play` refuses in a networked match, in one line; nil when nothing.
  var matchConflict: String? {
    guard netplay.isOn else { return nil }
    if hz != 64 { return "--hz: a match over the network runs at 64 ticks a second" }
    if let attract, attract > 0 { return "--attract: a match over the network shows no demos" }
    if summary != nil { return "--summary is for a game played alone" }
    return nil
  }

  /// Checks that the game seats two players or more under the settings a match plays.
  func checkMatch<G: PlayableGame>(_ game: G.Type) throws {
    let settings = try self.game.settings(for: G.self, base: .headless)
    let seats = netplay.seats ?? G.seats(for: settings)
    guard seats >= 2 else {
      throw ValidationError(
        "\(G.id) seats one player under these settings: a match needs two or more")
    }
  }

  /// Plays a rollback match in the window (or watches one, with `--spectate`): the handshake
  /// on a thread while the window waits, then the match until it ran `--ticks`, a player
  /// left, or this one closed the window.
  ///
  /// The game starts as `netplay` starts it (its headless settings, straight into play, with
  /// every `--set`), so a window and a headless peer can play each other; the seed is 1 unless
  /// given, and must be the same on every peer. Rewind, high scores and demos are off; start
  /// and pause are the host's.
  func runMatch<G: PlayableGame>(_ game: G.Type) throws {
    let seed = self.seed ?? 1
    let settings = try self.game.settings(for: G.self, base: .headless)
    let terms = NetPacket.Terms(
      game: G.id, version: G.version, settings: settings.encoded, seed: seed,
      seats: netplay.seats ?? G.seats(for: settings), options: netplay.options)
    let player = try bot.map { try self.game.bot($0, for: G.self, seed: seed) }
    let bindings = try KeyBindings.load(for: G.self, from: keys, named: keys != nil)
    let assets = try AssetLocator.assets(for: G.self)
    let recordPath = noRecord ? nil : record ?? ReplaySessionSink<G>.defaultPath(seed: seed)
    // A replay that cannot be written is said before a window opens and a peer waits for it
    // (the session makes the real one once the match starts).
    if let recordPath {
      try createFolder(holding: recordPath)
      try ReplayFileSink(path: recordPath).discard()
    }
    guard Display.isAvailable() else { throw NoDisplay() }
    let title = netplay.host != nil ? "host" : netplay.join != nil ? "joining" : "watching"
    let window = try GameWindow(
      title: "\(G.title) - \(title)", scale: scale, fullscreen: fullscreen)
    let scenes = try SceneRenderer(renderer: window.renderer, assets: assets)
    let audio = mute ? nil : try Audio(assets: assets.game, effects: G.soundEffects)
    if let notice = audio?.notice { printError(notice) }
    let timeout = netplay.timeout ?? 30
    let address = netplay.address ?? "127.0.0.1"
    let session: any PlaySession
    let ended: () -> MatchEnd?
    if let spectate = netplay.spectate {
      let watching = try NetplayWatchSession<G>(
        host: try Endpoint(parsing: spectate), address: address, terms: terms,
        settings: settings, ticks: netplay.ticks, timeout: timeout, recordPath: recordPath)
      (session, ended) = (watching, { watching.end })
    } else {
      let role: NetplayHandshake.Role =
        if let port = netplay.host {
          .host(port: UInt16(port))
        } else {
          .join(try Endpoint(parsing: netplay.join ?? ""))
        }
      // The host's port first, alone on its line: a script that hosts on port 0 reads it.
      let handshake = NetplayHandshake.start(
        role, address: address, terms: terms, timeout: timeout, announce: { printError($0) })
      let playing = NetplayWindowSession<G>(
        seed: seed, settings: settings, ticks: netplay.ticks, timeout: timeout,
        recordPath: recordPath, handshake: handshake, isHost: netplay.host != nil)
      // The bot plays in the session, which knows the seat once the handshake is done.
      playing.bot = player
      (session, ended) = (playing, { playing.end })
    }
    let loop = WindowLoop(window: window, scenes: scenes, audio: audio, bindings: bindings)
    loop.tickLimit = quitAfterTicks
    var clock = FixedStepClock(hz: 64)
    loop.run(session) { nanoseconds in
      let frame = clock.advance(by: nanoseconds)
      return (frame.ticks, Float(frame.interpolation) / 65_536)
    }
    let lines: [String]
    do {
      lines = try session.finish()
    } catch {
      printError("play: \(error)")
      throw ExitCode(1)
    }
    for line in lines { print(line) }
    if case .desync = ended() { throw ExitCode(1) }
  }
}
