import CSDL2

/// Which keys and controller buttons are down, from the events alone, whatever they are bound
/// to: tells a press (the key was up) from a hold (a key repeat, or a key that was already down).
///
/// The initials entry takes only presses, so a key held as the game ended (or its repeats)
/// never types into it. Held keys come from KEYDOWN and KEYUP events, as ``InputState``'s do.
struct KeysDown: Equatable {
  /// Keyboard keys down, by key code.
  private var keys: Set<SDL_Keycode> = []
  /// Controller buttons down: the controller's instance id and the button.
  private var buttons: Set<[Int32]> = []

  /// Notes `event`; true when it is a key or button going down that was up.
  mutating func update(_ event: SDL_Event) -> Bool {
    switch SDL_EventType(event.type) {
    case SDL_KEYDOWN:
      // A repeat is a hold, even if its key went down before these events were seen.
      return keys.insert(event.key.keysym.sym).inserted && event.key.repeat == 0
    case SDL_KEYUP:
      keys.remove(event.key.keysym.sym)
    case SDL_CONTROLLERBUTTONDOWN:
      return buttons.insert([event.cbutton.which, Int32(event.cbutton.button)]).inserted
    case SDL_CONTROLLERBUTTONUP:
      buttons.remove([event.cbutton.which, Int32(event.cbutton.button)])
    case SDL_CONTROLLERDEVICEREMOVED:
      buttons = buttons.filter { $0[0] != event.cdevice.which }
    default:
      break
    }
    return false
  }
}
