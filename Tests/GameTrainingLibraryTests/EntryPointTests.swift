import LockstepGames
import Testing

@testable import GameTrainingLibrary

/// The C entry points called as C would call them: null pointers, wrong lengths, unknown
/// handles and games are status codes with a message, never a trap.
@Suite struct EntryPointTests {
  init() { lockstep_register() }

  /// The message a call left in the error buffer.
  func message(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (Int32, String) {
    var buffer = [CChar](repeating: 0, count: 256)
    let status = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    return (status, text(buffer))
  }

  /// A NUL-terminated buffer's text.
  func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func create(_ game: String = "pong", count: Int64 = 2, workers: Int32 = 1) -> Int64 {
    var handle: Int64 = 0
    let status = lockstep_create(game, count, 1, 1, 0, 0, 1, workers, nil, nil, &handle, nil, 0)
    #expect(status == 0)
    return handle
  }

  @Test func nullPointersAreBadArguments() {
    let (status, text) = message {
      lockstep_create(nil, 1, 1, 1, 0, 0, 1, 1, nil, nil, nil, $0, $1)
    }
    #expect(status == Status.badArgument.rawValue && text.contains("must not be null"))
    let handle = create()
    #expect(lockstep_set_buffers(handle, nil, 18, nil, 2, nil, 2, nil, 2, nil, 0, nil, 0) == 1)
    #expect(lockstep_reset(handle, nil, 2, nil, 0) == Status.badOrder.rawValue)
    #expect(lockstep_step(handle, nil, 2, nil, 0) == Status.badOrder.rawValue)
    #expect(lockstep_state_hash(handle, 0, nil, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_save_state(handle, 0, nil, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_load_state(handle, 0, nil, 4, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_record(handle, 0, nil, nil, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_observe(handle, 0, nil, 9, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_render(handle, 0, nil, 0, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_take_saved(handle, nil, 0, nil, 0) == Status.bufferTooSmall.rawValue)
    #expect(lockstep_close(handle, nil, 0) == 0)
  }

  @Test func buffersOfTheWrongLengthAreRefusedAndTheRightOnesWork() {
    let handle = create()
    var observations = [Float](repeating: 0, count: 18)
    var rewards = [Float](repeating: 0, count: 2)
    var terminated = [UInt8](repeating: 0, count: 2)
    var truncated = [UInt8](repeating: 0, count: 2)
    let (status, why) = message { error, capacity in
      lockstep_set_buffers(
        handle, &observations, 17, &rewards, 2, &terminated, 2, &truncated, 2, nil, 0, error,
        capacity)
    }
    #expect(status == 1 && why == "bad observations buffer: 17 elements, 18 expected")
    #expect(
      lockstep_set_buffers(
        handle, &observations, 18, &rewards, 2, &terminated, 2, &truncated, 2, nil, 0, nil, 0)
        == 0)
    var seeds: [UInt64] = [1, 2]
    #expect(lockstep_reset(handle, &seeds, 1, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_reset(handle, &seeds, 2, nil, 0) == 0)
    var actions: [Int32] = [1, 7]
    let (stepStatus, stepText) = message { lockstep_step(handle, &actions, 2, $0, $1) }
    #expect(stepStatus == 1 && stepText.hasPrefix("action 7 of environment 1"))
    actions = [1, 2]
    #expect(lockstep_step(handle, &actions, 2, nil, 0) == 0)
    #expect(lockstep_step(handle, &actions, 3, nil, 0) == Status.badArgument.rawValue)
    var hash: UInt64 = 0
    #expect(lockstep_state_hash(handle, 2, &hash, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_state_hash(handle, -1, &hash, nil, 0) == Status.badArgument.rawValue)
    #expect(lockstep_close(handle, nil, 0) == 0)
  }

  @Test func callsBeforeTheFirstResetNameTheCallMade() {
    let handle = create()
    defer { _ = lockstep_close(handle, nil, 0) }
    let why =
      "before reset: the environments have no state until their first reset; reset them first"
    var hash: UInt64 = 0
    var length: Int64 = 0
    var observation = [Float](repeating: 0, count: 9)
    var id: Int64 = 0
    let calls: [(String, (UnsafeMutablePointer<CChar>, Int) -> Int32)] = [
      ("record", { lockstep_record(handle, 0, "/tmp/never.replay", &hash, $0, $1) }),
      ("save_state", { lockstep_save_state(handle, 0, &length, $0, $1) }),
      ("state_hash", { lockstep_state_hash(handle, 0, &hash, $0, $1) }),
      ("observe", { lockstep_observe(handle, 0, &observation, 9, $0, $1) }),
      ("snapshot", { lockstep_snapshot(handle, 0, &id, $0, $1) }),
    ]
    for (call, made) in calls {
      let (status, text) = message(made)
      #expect(status == Status.badOrder.rawValue && text == "\(call) \(why)")
    }
  }

  @Test func closedForgedAndTwiceClosedHandlesAreBadHandles() {
    let handle = create()
    #expect(lockstep_close(handle, nil, 0) == 0)
    let (status, text) = message { lockstep_close(handle, $0, $1) }
    #expect(status == Status.badHandle.rawValue && text.contains("is not open"))
    var actions: [Int32] = [0, 0]
    #expect(lockstep_step(handle, &actions, 2, nil, 0) == Status.badHandle.rawValue)
    #expect(lockstep_step(-42, &actions, 2, nil, 0) == Status.badHandle.rawValue)
  }

  @Test func unknownGamesAndBadSettingsNameWhatIsKnown() {
    var handle: Int64 = 0
    let (status, text) = message {
      lockstep_create("chess", 1, 1, 1, 0, 0, 1, 1, nil, nil, &handle, $0, $1)
    }
    #expect(status == 1 && text == "unknown game 'chess'; environments: pong, asteroids, blocks")
    let (zero, why) = message {
      lockstep_create("pong", 1, 1, 1, 0, 0, 1, 0, nil, nil, &handle, $0, $1)
    }
    #expect(zero == 1 && why.contains("workers must be 1...1024, not 0"))
    let (bad, line) = message {
      lockstep_create("blocks", 1, 1, 1, 0, 0, 1, 1, "level", nil, &handle, $0, $1)
    }
    #expect(bad == 1 && line == "bad setting 'level': expected NAME=VALUE")
    #expect(lockstep_create("pong", 1, 1, 1, 0, 7, 1, 1, nil, nil, &handle, nil, 0) == 1)
    #expect(lockstep_create("pong", 0, 1, 1, 0, 0, 1, 1, nil, nil, &handle, nil, 0) == 1)
    #expect(lockstep_create("pong", 1, 1, 1, -1, 0, 1, 1, nil, nil, &handle, nil, 0) == 1)
  }

  @Test func aLongMessageIsCutToTheBufferAndEndsWithANul() {
    var buffer = [CChar](repeating: 7, count: 8)
    var handle: Int64 = 0
    _ = lockstep_create("chess", 1, 1, 1, 0, 0, 1, 1, nil, nil, &handle, &buffer, 8)
    #expect(buffer[7] == 0 && text(buffer) == "unknown")
  }

  @Test func theDescriptionIsJSONNamingEveryGame() {
    var length: Int64 = 0
    #expect(lockstep_describe(nil, 0, &length, nil, 0) == Status.bufferTooSmall.rawValue)
    var text = [CChar](repeating: 0, count: Int(length) + 1)
    #expect(lockstep_describe(&text, length + 1, &length, nil, 0) == 0)
    let json = self.text(text)
    #expect(json.hasPrefix("{\"abi\": 6, \"games\": [{\"id\": \"pong\""))
    #expect(json.contains("\"id\": \"asteroids\"") && json.contains("\"id\": \"blocks\""))
    // Every game lists each agent's axes; Asteroids' one agent has none.
    #expect(
      json.contains("\"actions\": [[\"noop\", \"left\"") && json.contains("\"axes\": [[]], "))
    // Every game lists its counters and each agent count's default reward.
    #expect(json.contains("\"default_rewards\": {\"1\": \"lines\", \"2\": \"outcome\"}"))
    #expect(json.contains("{\"name\": \"points\", \"meaning\": \"points won\"}"))
  }

  @Test func aGameWithoutAxesRefusesAnAxesBuffer() {
    var handle: Int64 = 0
    #expect(lockstep_create("asteroids", 2, 1, 1, 0, 0, 1, 1, nil, nil, &handle, nil, 0) == 0)
    defer { _ = lockstep_close(handle, nil, 0) }
    var axes = [Int32](repeating: 0, count: 2)
    let (status, text) = message { lockstep_set_axes(handle, &axes, 2, $0, $1) }
    #expect(
      status == Status.badArgument.rawValue
        && text == "asteroids has no analog axes an agent can set")
    #expect(lockstep_set_axes(handle, nil, 0, nil, 0) == 0)
  }
}
