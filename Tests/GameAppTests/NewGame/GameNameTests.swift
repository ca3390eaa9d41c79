import Testing

@testable import GameLauncher

@Suite struct GameNameTests {
  @Test func aNameGivesTheIdTheTypeAndTheTitle() throws {
    let name = try GameName("space-race2")
    #expect(name.id == "space-race2")
    #expect(name.type == "SpaceRace2")
    #expect(name.title == "Space Race2")
  }

  @Test(arguments: [
    "", "..", ".", "../rocket", "/tmp/rocket", "a/b", "-rf", "--help", "Rocket", "rock et",
    "rock-", "rock--et", "9lives", "seventeen-letters", "rock\u{1B}[2J", "rocké", "rock\0et",
    "rock\net",
  ])
  func namesThatAreNotSafeIdsFoldersAndSwiftNamesAreRefused(name: String) {
    #expect(throws: GameName.Refusal.self) { try GameName(name) }
  }

  @Test(arguments: [
    "pong", "asteroids", "blocks", "game-core", "scene", "string", "text", "self", "angle",
    "fixed", "optional", "error",
  ])
  func namesWhoseSwiftNamesTheEngineOrTheTemplateUseAreRefused(name: String) {
    #expect(throws: GameName.Refusal.self) { try GameName(name) }
  }

  @Test func aRefusalNeverPrintsControlCharacters() {
    let printable = GameName.printable("rock\u{1B}[2J\u{7}")
    #expect(printable.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 })
  }
}
