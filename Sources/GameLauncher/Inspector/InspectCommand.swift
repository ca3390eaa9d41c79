import ArgumentParser
import Foundation
import GameAssets
import GameCore
import GameFiles
import GameInspector
import GameRender
import GameScene
import LocalHTTP

/// `GameApp inspect`: a replay in the browser, tick by tick (docs/INSPECTOR.md).
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract:
      "Open a replay in the browser: scrub to any tick, see its frame, state, inputs and changes.",
    discussion: """
      Starts a local web server on 127.0.0.1 and prints the URL to open; the URL carries a \
      random token that every request must present. Ctrl-C (SIGINT) or SIGTERM stops it. \
      With --compare, the page also shows where the two replays first differ. With --bench, \
      measures seek and step times on FILE and exits instead of serving. A file that \
      `replay` refuses is refused the same way (exit 2).
      """)

  @Argument(help: ArgumentHelp("The replay file.", valueName: "file"))
  var file: String

  @Option(
    help: ArgumentHelp("A second replay of the same game, to compare with.", valueName: "file"))
  var compare: String?

  @Option(parsing: .unconditional, help: "The port to listen on (0: any free port).")
  var port: Int = 0

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Ticks between the snapshots seeks start from (default: 256, more for replays over "
        + "24 minutes).",
      valueName: "k"))
  var snapshotEvery: Int?

  @Flag(help: "Measure seek and step times on FILE and print them, instead of serving.")
  var bench = false

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    if let snapshotEvery, !(1...1_000_000).contains(snapshotEvery) {
      throw ValidationError("--snapshot-every must be 1 to 1000000")
    }
  }

  func run() throws {
    let bytes = try ReplayFile.read(path: file)
    let game = try naming(replay: file) {
      try GameRegistry.game(for: try ReplayReader(bytes: bytes, allowPartial: true).header)
    }
    var other: [UInt8]?
    if let compare {
      let otherBytes = try ReplayFile.read(path: compare)
      let otherGame = try naming(replay: compare) {
        try GameRegistry.game(for: try ReplayReader(bytes: otherBytes, allowPartial: true).header)
      }
      guard otherGame.id == game.id else {
        throw ValidationError(
          "--compare needs a replay of the same game: \(file) is \(game.id), "
            + "\(compare) is \(otherGame.id)"
        )
      }
      other = otherBytes
    }
    try serve(game, bytes: bytes, other: other)
  }

  private func serve<G: PlayableGame>(_ game: G.Type, bytes: [UInt8], other: [UInt8]?) throws {
    let loadStart = DispatchTime.now().uptimeNanoseconds
    let main = try load(G.self, bytes, name: file)
    let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9
    let second = try other.map { try load(G.self, $0, name: compare ?? "") }
    let inspector = ReplayInspector(
      main: main, other: second, renderer: try OffscreenRenderer(G.self))
    if bench {
      print(InspectorBench.run(inspector, file: file, loadSeconds: loadSeconds))
      return
    }
    let pageFolder = try AssetLocator.engineFolder() + "/inspector"
    let token = InspectorSite.newToken()
    // The site needs the port for its Host check, and the server needs the site: the
    // handler reads it from a box filled before the first request can arrive.
    let box = SiteBox()
    let server = try HTTPServer(port: UInt16(port)) { request in
      box.site?.respond(request) ?? .error(.serviceUnavailable)
    }
    box.site = try InspectorSite(
      backend: inspector, pageFolder: pageFolder, token: token, port: server.port)
    server.stopOnSignals()
    let ticks = main.timeline.ticks
    print(
      "inspecting \(file): \(G.id), \(ticks) ticks"
        + (second.map { ", compared with \($0.name)" } ?? ""))
    print("open http://127.0.0.1:\(server.port)/?token=\(token)")
    print("Ctrl-C stops the inspector")
    fflush(nil)
    server.run()
    print("inspector stopped")
  }

  private func load<G: PlayableGame>(_ game: G.Type, _ bytes: [UInt8], name: String) throws
    -> ReplayInspector<G>.Side
  {
    let timeline = try naming(replay: name) {
      try ReplayTimeline<G>(
        bytes: bytes, snapshotInterval: snapshotEvery, allowPartial: name.hasSuffix(".part"))
    }
    return .init(name: name, timeline: timeline)
  }
}

/// The site, set once after the server has its port.
private final class SiteBox: @unchecked Sendable {
  private let lock = NSLock()
  private var value: InspectorSite?
  var site: InspectorSite? {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
