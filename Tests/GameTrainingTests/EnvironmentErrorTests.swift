import Testing

@testable import GameCore
@testable import GameTraining

@Suite struct EnvironmentErrorTests {
  @Test func anUnknownGameNamesTheGamesThereAre() {
    let error = EnvironmentError.unknownGame("chess", known: ["pong", "blocks"])
    #expect("\(error)" == "unknown game 'chess'; environments: pong, blocks")
  }

  @Test func anUnknownGameInALibraryServingNoneSaysToRegisterFirst() {
    let error = EnvironmentError.unknownGame("pong", known: [])
    #expect(
      "\(error)" == "unknown game 'pong': the library serves no games yet (call sgenv_register() first)")
  }
}
