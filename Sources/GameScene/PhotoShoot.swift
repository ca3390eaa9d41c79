import GameCore

/// A scripted game that stops to take pictures: how a game tells `GameApp screenshots` which
/// moments show it best (``PlayableGame/screenshots(_:seed:)``).
///
/// The game runs in a store, one tick at a time, with the inputs the script gives; the engine
/// watches every tick (so a flame or a fade builds up as in play) and draws the scene
/// whenever the script calls ``take(_:)``.
///
/// ```swift
/// static func screenshots(_ shoot: inout PhotoShoot<Self>, seed: UInt64) {
///   shoot.run(64) { _ in [] }
///   shoot.take("title")
///   shoot.run(600) { _ in .serve }
///   shoot.take("playing")
/// }
/// ```
public struct PhotoShoot<G: PlayableGame> {
  /// The game being photographed.
  public let store: Store<G>
  private let ticked: () -> Void
  private let shot: (String) -> Void

  /// A shoot of `store`: `ticked` after every tick, `shot` with a picture's name.
  public init(store: Store<G>, ticked: @escaping () -> Void, shot: @escaping (String) -> Void) {
    self.store = store
    self.ticked = ticked
    self.shot = shot
  }

  /// The game now.
  public var state: G.State { store.state }

  /// Runs `ticks` ticks, each with the buttons `input` picks from the state.
  public func run(_ ticks: Int, input: (G.State) -> TickInput) {
    for _ in 0..<ticks { step(input(store.state)) }
  }

  /// Runs ticks until `done` holds (at most `limit`): returns whether it does.
  @discardableResult
  public func run(
    until done: (G.State) -> Bool, limit: Int, input: (G.State) -> TickInput
  ) -> Bool {
    var ticks = 0
    while !done(store.state) {
      guard ticks < limit else { return false }
      step(input(store.state))
      ticks += 1
    }
    return true
  }

  /// Draws the scene now as the picture `name`: `<name>.png` in the folder given to
  /// `screenshots` (`<name>.bmp` with `--format bmp`).
  public func take(_ name: String) { shot(name) }

  private func step(_ input: TickInput) {
    store.step(.tick(input))
    ticked()
  }
}

extension PlayableGame {
  /// The default shoot: the start screen after two seconds (`title`), the first bot after
  /// thirty seconds of play (`playing`), and a tick after pressing pause (`paused`), when the
  /// game has a bot and a pause button.
  public static func screenshots(_ shoot: inout PhotoShoot<Self>, seed: UInt64) {
    shoot.run(128) { _ in [] }
    shoot.take("title")
    guard let name = botNames.first, var bot = bot(named: name, seed: seed) else { return }
    shoot.run(1_920) { bot.input(for: $0) }
    shoot.take("playing")
    let pause = buttons.pause
    guard !pause.isEmpty else { return }
    shoot.run(1) { _ in pause }
    shoot.run(1) { _ in [] }
    shoot.take("paused")
  }
}
