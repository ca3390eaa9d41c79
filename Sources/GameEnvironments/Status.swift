import GameCore
import GameTraining

/// The version of the C ABI: the Python package refuses a library of another version. 2 added
/// `sgenv_register`, the call that names a library's games; 3 added snapshots
/// (`sgenv_snapshot`, `sgenv_restore`, `sgenv_snapshot_save`, `sgenv_snapshot_free`,
/// `sgenv_snapshot_count`).
let abiVersion: Int32 = 4

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

extension EnvironmentError {
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
func fail(_ failure: EnvironmentError, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int)
  -> Int32
{
  fail(failure.status, failure.description, error, capacity)
}

/// ``fail(_:_:_:)`` for an engine error thrown inside the entry point `call` (`record`,
/// `snapshot`, ...): a call before the first reset is named as the caller made it, where the
/// batch's own message names only a step.
func fail(
  _ failure: EnvironmentError, call: String, _ error: UnsafeMutablePointer<CChar>?,
  _ capacity: Int
) -> Int32 {
  guard case .notReset = failure else { return fail(failure, error, capacity) }
  return fail(
    failure.status,
    "\(call) before reset: the environments have no state until their first reset; "
      + "reset them first",
    error, capacity)
}
