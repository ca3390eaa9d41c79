import GameCore
import Testing

@Suite struct MiddlewareTests {
  @Test func seesEachActionBeforeAndAfterReductionWithItsOrigin() {
    let reducer = Reducer<Int, String, Void> { count, action, _ in
      count += 1
      switch action {
      case "go": return .merge(.send("follow"), .after(ticks: 1, "timer"))
      default: return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    var seen: [String] = []
    store.use(
      Middleware(
        willReduce: { action, origin, count in seen.append("will \(action) \(origin) \(count)") },
        didReduce: { action, origin, count in seen.append("did \(action) \(origin) \(count)") }))
    store.send("go")
    store.step("tick")
    #expect(
      seen == [
        "will go send 0", "did go send 1",
        "will follow effect 1", "did follow effect 2",
        "will tick tick 2", "did tick tick 3",
        "will timer timer 3", "did timer timer 4",
      ])
  }
}
