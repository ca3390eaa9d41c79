import GameCore
import GameInspector
import GameRender
import GameScene
import LocalHTTP

/// The inspector's answers for any game: one replay (and the one it is compared with) as
/// JSON and PNG, from ``ReplayTimeline``s.
///
/// Not thread-safe: ``InspectorSite`` serialises the requests.
final class ReplayInspector<G: PlayableGame>: InspectorBackend {
  /// One replay being inspected.
  struct Side {
    var name: String
    var timeline: ReplayTimeline<G>
  }

  /// Ticks drawn before the requested one, so exhaust flames and fades look as they did in
  /// play; a frame then depends on its tick alone.
  static var runUp: Int { 32 }
  /// Most ticks one `inputs` request may cover.
  static var maxInputTicks: Int { 1_024 }
  /// Most changed fields one `diff` or `compare` answer lists.
  static var maxChanges: Int { 500 }

  let sides: [Side]
  /// The first tick the two replays differ on, with `--compare`.
  let divergence: Int?
  let renderer: OffscreenRenderer

  /// An inspector of `main` (and `other`, to compare with), drawing with `renderer`.
  init(main: Side, other: Side?, renderer: OffscreenRenderer) {
    sides = [main] + (other.map { [$0] } ?? [])
    divergence = other.flatMap { main.timeline.firstDivergence(from: $0.timeline) }
    self.renderer = renderer
  }

  /// The state at `tick` of side `side` as a tree.
  func tree(_ side: Int, _ tick: Int) -> StateTree {
    StateTree(of: sides[side].timeline.state(at: tick))
  }

  /// The frame at `tick` of side `side`, as PNG bytes: a fresh run-up of ``runUp`` ticks
  /// through the window's scene feed, then one drawing.
  func frame(_ side: Int, _ tick: Int) throws -> [UInt8] {
    let timeline = sides[side].timeline
    let start = max(0, tick - Self.runUp)
    let store = Store<G>(initialState: timeline.state(at: start), reducer: G(), environment: ())
    let feed = SceneFeed(G.self, store: store)
    renderer.forgetTicks()
    renderer.scenes.observe(tick: feed.scene)
    for step in stride(from: start + 1, through: tick, by: 1) {
      store.step(.tick(timeline.input(at: step)))
      renderer.scenes.observe(tick: feed.scene)
    }
    renderer.draw(feed.scene)
    return renderer.pngData()
  }

  /// The names of the buttons held on `tick`, then each axis as `name=value` (a game with
  /// analog axes).
  func buttons(_ side: Int, _ tick: Int) -> [String] {
    let input = sides[side].timeline.input(at: tick)
    return G.buttons.buttons.enumerated().filter { input.contains(TickInput(bit: $0.offset)) }
      .map(\.element.name)
      + G.buttons.axes.enumerated().map { "\($0.element.name)=\(input[axis: $0.offset])" }
  }
}
