import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct TrainingErrorTests {
  @Test func anUnknownGameNamesTheGamesThereAre() {
    let error = TrainingError.unknownGame("chess", known: ["pong", "blocks"])
    #expect("\(error)" == "unknown game 'chess'; environments: pong, blocks")
  }

  @Test func anUnknownGameInALibraryServingNoneSaysToRegisterFirst() {
    let error = TrainingError.unknownGame("pong", known: [])
    #expect(
      "\(error)"
        == "unknown game 'pong': the library serves no games yet (call lockstep_register() first)")
  }
}
