import GameCore
import GameTraining

/// The version of the C ABI: the Python package refuses a library of another version. 2 added
/// `lockstep_register`, the call that names a library's games; 3 added snapshots
/// (`lockstep_snapshot`, `lockstep_restore`, `lockstep_snapshot_save`, `lockstep_snapshot_free`,
/// `lockstep_snapshot_count`); 4 the axes (`lockstep_set_axes`); 5 the counters and episode
/// records (`lockstep_set_info`, the describe's `counters` and `default_rewards`) and the
/// reward chosen at `lockstep_create`; 6 the pixel pipeline (`lockstep_set_pixel_pipeline`:
/// frame size, frame stack, max-pooling, sticky actions).
let abiVersion: Int32 = 6

/// What a call returned: 0 for success, a positive code for each kind of failure.
enum Status: Int32 {
  case ok = 0
  /// An argument is wrong: a null pointer, a length, an unknown game or setting, an action.
  case badArgument = 1
  /// The call came at the wrong time: a step before reset, after an episode ended.
  case badOrder = 2
  /// State bytes that cannot be restored here.
  case badState = 3
  /// A file could not be written.
  case ioFailure = 4
  /// The handle is not one this library gave out, or it was closed.
  case badHandle = 5
  /// The caller's buffer is too small for the answer (its size is returned).
  case bufferTooSmall = 6
}

extension TrainingError {
  /// The status a C caller sees for this error.
  var status: Status {
    switch self {
    case .unknownGame, .badConfiguration, .badBuffer, .badAction, .badAxis, .badIndex: .badArgument
    case .notReset, .episodeEnded, .noHistory: .badOrder
    case .badState: .badState
    case .recordFailed: .ioFailure
    }
  }
}

/// Writes `message` (truncated, always NUL-terminated) into the caller's error buffer, if any,
/// and returns `status`'s code.
func fail(
  _ status: Status, _ message: String, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int32 {
  if let error, capacity > 0 {
    let bytes = Array(message.utf8.prefix(capacity - 1))
    for (index, byte) in bytes.enumerated() { error[index] = CChar(bitPattern: byte) }
    error[bytes.count] = 0
  }
  return status.rawValue
}

/// ``fail(_:_:_:_:)`` for an engine error.
func fail(_ failure: TrainingError, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int)
  -> Int32
{
  fail(failure.status, failure.description, error, capacity)
}

/// ``fail(_:_:_:)`` for an engine error thrown inside the entry point `call` (`record`,
/// `snapshot`, ...): a call before the first reset is named as the caller made it, where the
/// batch's own message names only a step.
func fail(
  _ failure: TrainingError, call: String, _ error: UnsafeMutablePointer<CChar>?,
  _ capacity: Int
) -> Int32 {
  guard case .notReset = failure else { return fail(failure, error, capacity) }
  return fail(
    failure.status,
    "\(call) before reset: the environments have no state until their first reset; "
      + "reset them first",
    error, capacity)
}

/// A call's arguments or moment refused: the status and the one line a caller reads.
struct Refusal: Error {
  let status: Status
  let message: String

  init(_ status: Status, _ message: String) {
    self.status = status
    self.message = message
  }
}

/// Runs the body of entry point `call` and answers its status: `ok` when the body returns;
/// for what it throws, the ``Refusal``'s status and line, or an engine error's (named after
/// `call` when the caller has not reset yet, see ``fail(_:call:_:_:)``; `nil` keeps the
/// batch's own line).
///
/// Every entry point answers through this one place, so a body only says what it refuses.
func answer(
  _ call: String?, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ body: () throws -> Void
) -> Int32 {
  do {
    try body()
    return Status.ok.rawValue
  } catch let refusal as Refusal {
    return fail(refusal.status, refusal.message, error, capacity)
  } catch let failure as TrainingError {
    guard let call else { return fail(failure, error, capacity) }
    return fail(failure, call: call, error, capacity)
  } catch let other {
    return fail(.ioFailure, "\(other)", error, capacity)
  }
}

/// `pointer`, or a `badArgument` refusal naming it: "the hash pointer must not be null".
func required<Pointer>(_ pointer: Pointer?, _ name: String) throws(Refusal) -> Pointer {
  guard let pointer else { throw Refusal(.badArgument, "the \(name) pointer must not be null") }
  return pointer
}

/// Refuses a buffer of `count` elements where `needed` are expected (`badBuffer`, naming the
/// buffer and the elements: "12 floats, 8 expected").
func expect(
  _ name: String, count: Int64, of elements: String, needed: Int64
) throws(TrainingError) {
  guard count == needed else {
    throw .badBuffer(name: name, reason: "\(count) \(elements), \(needed) expected")
  }
}
