import ArgumentParser
import Foundation
import GameCore
import GameRender
import GameScene
import GameFiles

/// `GameApp replay`: replays a file headless, verifies its hashes, or dumps it as text.
struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a recorded game headless; --verify checks every recorded hash.",
    discussion: """
      Exit status: 0 when the replay ran (and, with --verify, every hash matched), 1 when \
      verification found a desync or the file holds no hash to check (the report names the first differing tick and the state \
      sections that differ), 2 when the file cannot be read. A FILE ending in .part (left by \
      an interrupted recording) is read up to its last complete chunk, as with --partial. \
      The game is read from the file's header (a format-1 file is the default game's).
      """)

  @Argument(help: ArgumentHelp("The replay file (or --best).", valueName: "file"))
  var file: String = ""

  @Flag(
    help: "Replay the best game on your high-score table (of --game, its first table or --table).")
  var best = false

  @Option(
    name: .customLong("game"),
    help: ArgumentHelp("With --best: the game (default: the first).", valueName: "name"))
  var gameID: String?

  @Option(help: ArgumentHelp("With --best: the table, for a game with several (a mode).", valueName: "name"))
  var table: String?

  @Flag(help: "Compare the replayed state hashes with the recorded ones.")
  var verify = false

  @Flag(help: "Print the file as text (header, input runs per tick, hashes) instead of playing it.")
  var dump = false

  @Flag(help: "Accept a file cut short: replay its complete chunks.")
  var partial = false

  @Flag(help: "Print one JSON object instead of text.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Draw the replay offscreen into this folder: frame-<tick>.bmp, no display needed "
        + "(with --verify, it is then verified too)."))
  var frames: String?

  @Option(help: "With --frames: one frame every N ticks.")
  var every = 8

  @Option(help: "With --frames: png, or bmp (uncompressed, as golden tests compare).")
  var format: String = "png"

  @Option(
    help: ArgumentHelp(
      "Render the replay into a video at its recorded rate through ffmpeg: .mp4 (H.264) or "
        + ".gif, by the extension.", valueName: "file"))
  var video: String?

  @Option(help: ArgumentHelp("With --video: start at this tick, or minutes:seconds.", valueName: "t"))
  var from: String?

  @Option(help: ArgumentHelp("With --video: stop after this tick, or minutes:seconds.", valueName: "t"))
  var to: String?

  @Option(
    help: ArgumentHelp(
      "Most bytes to read from FILE (a day of play is under 2 MB).", valueName: "n"))
  var maxBytes = ReplayLimits.default.maxBytes

  @Option(
    help: ArgumentHelp(
      "Most ticks the file may ask for, times the work of a tick under its settings "
        + "(default: 24 hours at 64 Hz).", valueName: "n"))
  var maxTicks = ReplayLimits.default.maxTicks

  @Flag(help: "With --verify: replay to the end after a divergence instead of stopping there.")
  var keepGoing = false

  var limits: ReplayLimits {
    ReplayLimits(maxBytes: maxBytes, maxTicks: maxTicks, stopAtDivergence: !keepGoing)
  }

  func validate() throws {
    if best == !file.isEmpty {
      throw ValidationError(best ? "give a FILE or --best, not both" : "give a replay FILE, or --best")
    }
    if !best && (gameID != nil || table != nil) {
      throw ValidationError("--game and --table choose the table of --best; a FILE names its game")
    }
    if dump && json {
      throw ValidationError("--dump prints text; it cannot be combined with --json")
    }
    if dump && verify { throw ValidationError("--dump does not play the file; drop --verify") }
    if dump && frames != nil {
      throw ValidationError("--dump does not play the file; drop --frames")
    }
    if json && frames != nil {
      throw ValidationError("--frames prints text; it cannot be combined with --json")
    }
    if every < 1 { throw ValidationError("--every must be at least 1") }
    if ImageFormat(rawValue: format) == nil { throw ValidationError("--format must be png or bmp") }
    if video != nil && (dump || json || frames != nil) {
      throw ValidationError("--video plays the file itself; drop --dump, --json and --frames")
    }
    if (from != nil || to != nil) && video == nil {
      throw ValidationError("--from and --to cut a --video clip")
    }
    for (flag, value) in [("--from", from), ("--to", to)] {
      if let value, VideoExport.tick(value, tickRate: 64) == nil {
        throw ValidationError("\(flag) takes ticks (1920) or minutes:seconds (0:30), got '\(value)'")
      }
    }
    if maxBytes < 1 || maxTicks < 1 {
      throw ValidationError("--max-bytes and --max-ticks must be at least 1")
    }
    // Before any work: a folder is never replaced by a clip.
    try refuseFolder(video, flag: "--video", what: "the clip")
  }

  mutating func run() throws {
    var bookGame: (any PlayableGame.Type)?
    if best {
      guard let first = GameRegistry.games.first else { throw ValidationError("no games registered") }
      let game = try gameID.map(GameRegistry.game) ?? first
      file = try bestReplay(game)
      bookGame = game
    }
    let bytes = try PipeNotice.whileWaiting(for: file) {
      try ReplayFile.read(path: file, maxBytes: maxBytes)
    }
    try naming(replay: file) { try run(bytes: bytes, bookGame: bookGame) }
  }

  private func run(bytes: [UInt8], bookGame: (any PlayableGame.Type)?) throws {
    let header = try ReplayReader(bytes: bytes, allowPartial: true).header
    let game = try GameRegistry.game(for: header)
    // A book's replay must be of the book's game: a file copied in from another game's book
    // would otherwise play as itself and "verify".
    if let bookGame, game.id != bookGame.id {
      throw FileProblem(
        description: "\(file) is a replay of \(game.id), not of \(bookGame.id): it does not "
          + "belong in \(bookGame.id)'s high-score book")
    }
    try run(game, bytes: bytes)
  }

  private func bestReplay<G: PlayableGame>(_ game: G.Type) throws -> String {
    let book = HighScoreBook(folder: HighScoreBook.defaultFolder(game: G.id), game: G.self)
    if let notice = book.notice { throw FileProblem(description: notice) }
    let tables = G.rankingTables
    if let table, !tables.contains(table) {
      let names = tables.filter { !$0.isEmpty }
      throw ValidationError(
        names.isEmpty
          ? "\(G.id) keeps one high-score table; drop --table"
          : "\(G.id) has no table '\(table)' (its tables: \(names.joined(separator: ", ")))")
    }
    let chosen = table ?? tables.first { !book.entries($0).isEmpty } ?? tables.first ?? ""
    let named = "\(G.title)'s high scores" + (chosen.isEmpty ? "" : " (\(chosen))")
    guard let top = book.entries(chosen).first else {
      throw FileProblem(description: "\(named) hold no game yet (in \(book.path))")
    }
    guard let path = book.replayPath(table: chosen, place: 0) else {
      throw FileProblem(
        description: "the top of \(named), \(top.initials) \(top.text), has no replay")
    }
    printError("the top of \(named): \(top.initials) \(top.text) on \(top.date), \(path)")
    return path
  }

  private func run<G: PlayableGame>(_ game: G.Type, bytes: [UInt8]) throws {
    let allowPartial = partial || file.hasSuffix(".part")
    if let frames {
      // The limits of --verify, before any folder is made or frame drawn.
      let (_, total) = try ReplayPlayer<Simulation<G>>.check(
        bytes, allowPartial: true, limits: limits)
      try createFolder(frames)
      let bar = ProgressBar(label: "frames")
      let written = try renderFrames(
        G.self, replay: bytes, into: frames, every: every, format: ImageFormat(rawValue: format)!,
        limits: limits, progress: { bar.update(done: $0, total: total) })
      bar.finish()
      print("wrote \(written) frames (one every \(every) ticks) to \(frames)")
      // With --verify, go on to play the file headless and check its hashes as well.
      guard verify else { return }
    }
    if dump {
      print(try ReplayDump.text(of: bytes, name: file, allowPartial: allowPartial), terminator: "")
      return
    }
    if let video {
      let rate = Int(try ReplayReader(bytes: bytes, allowPartial: true).header.tickRate)
      let first = from.flatMap { VideoExport.tick($0, tickRate: rate) } ?? 1
      let last = to.flatMap { VideoExport.tick($0, tickRate: rate) } ?? Int.max
      guard first <= last else { throw ValidationError("--from must not be after --to") }
      let written = try VideoExport.encode(
        G.self, replay: bytes, to: video, range: max(1, first)...last, tickRate: rate,
        limits: limits)
      print("wrote \(video): \(written) frames at \(rate) fps")
      return
    }
    let progress = ProgressBar(label: verify ? "verify" : "replay")
    let played = Result { () throws(ReplayError) in
      try G.playReplay(
        bytes, verify: verify, allowPartial: allowPartial, limits: limits,
        progress: { progress.update(done: $0, total: $1) })
    }
    progress.finish()
    if case .failure(let error) = played, case .truncated = error, !allowPartial {
      throw ValidationError(
        "\(error) (an interrupted recording? --partial replays its complete chunks)")
    }
    let outcome = try played.get()
    progress.finish()
    let metrics = G.metrics(of: outcome.simulation.state)
    let header = outcome.header
    var endedEarly: Int?
    if case .endedEarly(let afterTick, _) = outcome.ending { endedEarly = afterTick }

    if json {
      var object = JSONObject()
      object.set("file", file)
      object.set("game", G.id)
      object.set("seed", header.seed)
      object.set("ticks", outcome.ticks)
      object.set("hash", ReplayFormat.hex(outcome.finalHash))
      object.set(metrics)
      object.set("hz", Int(header.tickRate))
      object.set("complete", endedEarly == nil)
      if verify {
        object.set("verified", outcome.verified)
        object.set("hashes_checked", outcome.hashesChecked)
        if let desync = outcome.desync {
          object.set("first_divergent_tick", desync.firstDivergentTick)
          object.set("differing_sections", desync.sections.map(\.name).joined(separator: ","))
          object.set("report", desync.description)
        }
      }
      print(object)
    } else {
      if let endedEarly {
        printError(
          "note: \(file) ends after tick \(endedEarly) without an end record (an interrupted "
            + "recording); replayed its complete chunks")
      }
      print(
        "replayed \(outcome.ticks) ticks (\(playTime(ticks: outcome.ticks, hz: header.tickRate)) "
          + "at \(header.tickRate) Hz) of \(G.id) seed \(header.seed), game version "
          + "\(header.gameVersion)")
      if !metrics.isEmpty { print(describe(metrics)) }
      print("hash \(ReplayFormat.hex(outcome.finalHash))")
      if verify {
        if let desync = outcome.desync {
          print("verification FAILED")
          print(desync)
        } else if outcome.hashesChecked == 0 {
          print(
            "not verified: the file holds no recorded hash to check (a recording killed in its "
              + "first chunk keeps only its header)")
        } else {
          print("verified: all \(outcome.hashesChecked) recorded hashes match")
        }
      }
    }
    if verify && !outcome.verified { throw ExitCode(1) }
  }
}
