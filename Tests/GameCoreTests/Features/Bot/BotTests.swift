import Testing

@testable import GameCore

@Suite struct BotTests {
  @Test func unknownNamesAreRefusedWithTheKnownOnes() {
    #expect(throws: BotError.unknownName("genius", known: ["ace", "idle"])) {
      try Bot(name: "genius", seed: 1)
    }
  }

  @Test func theIdleBotPressesNothing() throws {
    var bot = try Bot(name: "idle", seed: 1)
    let simulation = Simulation(seed: 1)
    for _ in 0..<100 {
      #expect(bot.input(for: simulation.state) == [])
      simulation.step([])
    }
  }

  @Test func theAceStartsAGameScoresAndHoldsButtonsInStreaks() throws {
    var bot = try Bot(name: "ace", seed: 11)
    let simulation = Simulation(seed: 11)
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
    let simulation = Simulation(seed: 3, settings: GameSettings(startsAtTitle: false))
    for _ in 0..<500 {
      let input = first.input(for: simulation.state)
      #expect(second.input(for: simulation.state) == input)
      simulation.step(input)
    }
  }
}
