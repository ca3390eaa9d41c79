import Testing

@testable import AsteroidsGame
@testable import GameCore

@Suite struct BotTests {
  @Test func unknownNamesAreRefusedWithTheKnownOnes() {
    #expect(throws: BotError.unknownName("genius", known: ["ace", "idle"])) {
      try Bot(name: "genius", seed: 1)
    }
  }

  @Test func theIdleBotPressesNothing() throws {
    var bot = try Bot(name: "idle", seed: 1)
    let simulation = Simulation<Asteroids>(seed: 1)
    for _ in 0..<100 {
      #expect(bot.input(for: simulation.state) == [])
      simulation.step([])
    }
  }

  @Test func theAceStartsAGameScoresAndHoldsButtonsInStreaks() throws {
    var bot = try Bot(name: "ace", seed: 11)
    let simulation = Simulation<Asteroids>(seed: 11)
    var changes = 0
    var last: TickInput = []
    let ticks = 2_000
    for _ in 0..<ticks {
      let input = bot.input(for: simulation.state)
      if input != last { changes += 1 }
      last = input
      simulation.step(input)
    }
    #expect(simulation.state.session.gamesStarted >= 1)
    #expect(simulation.state.score.score >= 1_000)
    // A run-length-encoded replay pays per change; well under one change per 8 ticks.
    #expect(changes * 8 < ticks)
  }

  @Test func theSameSeedMakesTheSameChoices() throws {
    var first = try Bot(name: "ace", seed: 3)
    var second = try Bot(name: "ace", seed: 3)
    let simulation = Simulation<Asteroids>(seed: 3, settings: AsteroidsSettings(startsAtTitle: false))
    for _ in 0..<500 {
      let input = first.input(for: simulation.state)
      #expect(second.input(for: simulation.state) == input)
      simulation.step(input)
    }
  }

  /// A quiet game but for one large rock behind the ship (below and to the left of its nose),
  /// crossing under it from the left: on a collision course.
  static func rockFromBehind(seed: UInt64) -> Simulation<Asteroids> {
    var state = Asteroids.State(seed: seed, settings: AsteroidsSettings(startsAtTitle: false))
    state.rocks.items = [
      Rock(position: World.center + Vector(-100, 30), velocity: Vector(3, 0), size: .large)
    ]
    return Simulation<Asteroids>(state: state)
  }

  @Test func theAceThrustsAwayFromARockOnCollisionCourseAndSurvivesIt() throws {
    let idle = Self.rockFromBehind(seed: 5)
    for _ in 0..<45 { idle.step([]) }
    #expect(!idle.state.ship.isAlive, "a ship that stays put is hit")

    let ace = Self.rockFromBehind(seed: 5)
    var bot = try Bot(name: "ace", seed: 5)
    let first = bot.input(for: ace.state)
    #expect(first == .thrust)
    ace.step(first)
    for _ in 1..<45 { ace.step(bot.input(for: ace.state)) }
    #expect(ace.state.ship.isAlive)
    #expect(ace.state.score.lives == Tuning.startingLives)
  }

  /// Ticks until the ship is first lost (hit, or a failed hyperspace jump), at most `limit`.
  static func ticksToFirstDeath(bot name: String, seed: UInt64, limit: Int) throws -> Int {
    let simulation = Simulation<Asteroids>(seed: seed, settings: AsteroidsSettings(startsAtTitle: false))
    var bot = try Bot(name: name, seed: seed)
    for tick in 1...limit {
      simulation.step(bot.input(for: simulation.state))
      if !simulation.state.ship.isAlive { return tick }
    }
    return limit
  }

  @Test func theAceOutlivesTheIdleBotOverAFixedSetOfSeeds() throws {
    var ace = 0
    var idle = 0
    for seed in 1...8 as ClosedRange<UInt64> {
      ace += try Self.ticksToFirstDeath(bot: "ace", seed: seed, limit: 3_000)
      idle += try Self.ticksToFirstDeath(bot: "idle", seed: seed, limit: 3_000)
    }
    #expect(ace > idle * 3 / 2, "ace \(ace) ticks, idle \(idle) ticks in all")
  }
}
