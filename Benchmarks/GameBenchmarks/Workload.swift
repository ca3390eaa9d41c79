import AsteroidsGame
import GameCore

/// A game to time: the normal game or a stress field, and how many ticks make one iteration.
struct Workload: Sendable {
  var name: String
  var rocks: Int?
  var ticks: Int

  /// The typical state (the ace playing the normal game) and the two stress fields. Each
  /// iteration is 1,000 ticks, matching `scalingFactor: .kilo`.
  static let all = [
    Workload(name: "typical game (ace)", rocks: nil, ticks: 1_000),
    Workload(name: "--rocks 1000", rocks: 1_000, ticks: 1_000),
    Workload(name: "--rocks 10000", rocks: 10_000, ticks: 1_000),
  ]
}

/// A start state and the inputs the ace chose from it, so the timed loop runs only the game.
struct Recording {
  var start: Asteroids.State
  var inputs: [TickInput]

  /// Plays `workload` once with the ace. The typical game is recorded two minutes in, so the
  /// measured state is a game in progress, not the first wave.
  static func make(_ workload: Workload) -> Recording {
    let settings = AsteroidsSettings(rocks: workload.rocks, startsAtTitle: false)
    let simulation = Simulation<Asteroids>(seed: 2_026, settings: settings)
    var bot = try! Bot(name: "ace", seed: 2_026)
    if workload.rocks == nil {
      simulation.run(ticks: 7_680, bot: &bot)
    }
    let start = simulation.state
    var inputs: [TickInput] = []
    inputs.reserveCapacity(workload.ticks)
    for _ in 0..<workload.ticks {
      let input = bot.input(for: simulation.state)
      inputs.append(input)
      simulation.step(input)
    }
    return Recording(start: start, inputs: inputs)
  }
}
