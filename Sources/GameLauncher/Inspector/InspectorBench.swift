import Foundation
import GameCore
import GameScene
import GameInspector

/// `inspect --bench`: how long the inspector takes to load a replay, to seek to any tick and
/// to step one tick forward and back, measured on the real timeline, and what a whole tick
/// costs the page (every answer it asks for, frame included), through the real routes.
enum InspectorBench {
  /// Runs the measurements on `inspector`'s replay and returns the report's lines.
  static func run<G: PlayableGame>(
    _ inspector: ReplayInspector<G>, file: String, loadSeconds: Double
  ) -> String {
    let timeline = inspector.sides[0].timeline
    let ticks = timeline.ticks
    guard ticks > 0 else { return "\(file) has no ticks to seek" }
    // Seek: 200 ticks spread over the whole replay in a scrambled order (a fixed generator,
    // so every run seeks the same ticks), each from wherever the last left the cursor.
    var random = SplitMix64(seed: 18)
    let targets = (0..<200).map { _ in Int(random.next() % UInt64(ticks + 1)) }
    var seeks: [Double] = []
    for tick in targets { seeks.append(time { _ = timeline.state(at: tick) }) }
    // Step forward and back around the middle, as the page's buttons do.
    let middle = ticks / 2
    _ = timeline.state(at: middle)
    var forward: [Double] = []
    var backward: [Double] = []
    for offset in 1...100 where middle + offset <= ticks {
      forward.append(time { _ = timeline.state(at: middle + offset) })
    }
    for offset in 1...100 where middle + 100 - offset >= 0 {
      backward.append(time { _ = timeline.state(at: middle + 100 - offset) })
    }
    var diffs: [Double] = []
    for tick in targets.prefix(50) {
      diffs.append(
        time {
          let now = StateTree(of: timeline.state(at: tick))
          if tick > 0 { _ = now.changes(since: StateTree(of: timeline.state(at: tick - 1))) }
        })
    }
    var frames: [Double] = []
    var pages: [Double] = []
    for tick in targets.prefix(30) {
      frames.append(time { _ = inspector.respond(route: "frame.png", query: ["tick": "\(tick)"]) })
    }
    for tick in targets.suffix(30) {
      // What the page asks for on each new tick, one after another (the page asks at once).
      pages.append(
        time {
          let around = ["from": "\(max(0, tick - 24))", "to": "\(min(ticks, tick + 24))"]
          for (route, query) in [
            ("tick", ["tick": "\(tick)"]), ("state", ["tick": "\(tick)"]),
            ("diff", ["tick": "\(tick)"]),
            ("inputs", around), ("frame.png", ["tick": "\(tick)"]),
          ] {
            _ = inspector.respond(route: route, query: query)
          }
        })
    }
    return [
      "\(file): \(G.id), \(ticks) ticks, a snapshot every \(timeline.snapshotInterval) ticks, "
        + String(format: "loaded in %.2f s", loadSeconds),
      line("seek to any tick", seeks), line("step forward", forward), line("step back", backward),
      line("state tree and diff", diffs), line("frame (PNG)", frames),
      line("whole tick, any tick", pages),
    ].joined(separator: "\n")
  }

  static func line(_ name: String, _ samples: [Double]) -> String {
    let sorted = samples.sorted()
    func at(_ fraction: Double) -> String {
      let value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
      return String(format: "%.3f ms", value * 1_000)
    }
    let padded = name + String(repeating: " ", count: max(0, 20 - name.count))
    return "  \(padded) median \(at(0.5)), p95 \(at(0.95)), max \(at(1)) (\(sorted.count) samples)"
  }

  static func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
