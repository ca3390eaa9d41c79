import Testing

@testable import GameTraining

@Suite struct PerGameCacheTests {
  @Test func eachGameTypesValueIsMadeOnceAndKept() {
    let cache = PerGameCache<[String]>()
    var made = 0
    func make(_ value: String) -> [String] {
      made += 1
      return [value]
    }
    let first = cache.value(for: Int.self) { make("int") }
    let again = cache.value(for: Int.self) { make("other") }
    let second = cache.value(for: String.self) { make("string") }
    #expect(first == ["int"] && again == ["int"] && second == ["string"])
    #expect(made == 2)
  }
}
