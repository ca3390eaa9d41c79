import CSDL2

/// An SDL call failed: which call, and SDL's own message.
///
/// The platform turns it into one line on standard error and a non-zero exit.
struct SDLError: Error, CustomStringConvertible {
  var call: String
  var message: String

  /// Captures `SDL_GetError()` right after the failing `call`.
  init(_ call: String) {
    self.call = call
    self.message = String(cString: SDL_GetError())
  }

  init(_ call: String, message: String) {
    self.call = call
    self.message = message
  }

  var description: String {
    call.hasPrefix("write ") ? "cannot \(call): \(message)" : "\(call) failed: \(message)"
  }
}
