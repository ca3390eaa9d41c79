import CSDL2
import GameCore

/// Turns SDL events into what is held now, and that into one ``TickInput`` per tick.
///
/// Held keys come from KEYDOWN/KEYUP events rather than `SDL_GetKeyboardState`, so events
/// pushed by tests count like real ones. A controller adds to the keyboard, never replaces it.
struct InputState {
  private let table: [SDL_Keycode: KeyBindings.Action]
  private var heldKeys: [SDL_Keycode: KeyBindings.Action] = [:]
  private var heldButtons: Set<Int32> = []
  private var stickX: Int16 = 0
  private var triggerRight: Int16 = 0
  /// Actions pressed since the last tick: a tap shorter than a tick (press and release in one
  /// frame) still reaches the game as one tick of that button.
  private var tapped: Set<KeyBindings.Action> = []
  /// A one-tick pause press queued by focus loss.
  private var pulsePause = false
  /// Set by Escape, window close or SIGINT (SDL turns SIGINT into SDL_QUIT).
  private(set) var quitRequested = false

  init(bindings: KeyBindings) { table = bindings.table() }

  /// Feeds one event. Returns true when it was input (so callers can ignore the rest).
  mutating func handle(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      quitRequested = true
    case SDL_KEYDOWN:
      guard let action = table[event.key.keysym.sym] else { return }
      if action == .quit { quitRequested = true }
      heldKeys[event.key.keysym.sym] = action
      tapped.insert(action)
    case SDL_KEYUP:
      heldKeys[event.key.keysym.sym] = nil
    case SDL_CONTROLLERBUTTONDOWN:
      heldButtons.insert(Int32(event.cbutton.button))
      if let action = Self.action(forButton: Int32(event.cbutton.button)) { tapped.insert(action) }
    case SDL_CONTROLLERBUTTONUP:
      heldButtons.remove(Int32(event.cbutton.button))
    case SDL_CONTROLLERDEVICEADDED:
      // Opening is what makes SDL send the controller's button and axis events.
      SDL_GameControllerOpen(event.cdevice.which)
    case SDL_CONTROLLERAXISMOTION:
      if event.caxis.axis == UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue) { stickX = event.caxis.value }
      if event.caxis.axis == UInt8(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue) {
        triggerRight = event.caxis.value
      }
    default:
      break
    }
  }

  /// Presses pause for one tick: the game pauses itself when the window loses focus.
  mutating func pauseOnce() { pulsePause = true }

  /// True while rewind is held; the loop asks once per frame, before running ticks.
  ///
  /// While rewinding, no tick consumes the input, so taps and a focus-loss pause would wait
  /// and all fire on the tick play resumes: they are dropped instead. Keys still held when
  /// rewind is let go count from then on, as held keys do.
  mutating func pollRewind() -> Bool {
    guard isHeld(.rewind) else { return false }
    tapped.removeAll()
    pulsePause = false
    return true
  }

  /// True while an action is held on the keyboard or the controller.
  func isHeld(_ action: KeyBindings.Action) -> Bool {
    if heldKeys.values.contains(action) { return true }
    switch action {
    case .rotateLeft: return button(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || stickX < -12_000
    case .rotateRight: return button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || stickX > 12_000
    case .thrust:
      return button(SDL_CONTROLLER_BUTTON_DPAD_UP) || button(SDL_CONTROLLER_BUTTON_X)
        || triggerRight > 8_000
    case .fire: return button(SDL_CONTROLLER_BUTTON_A)
    case .hyperspace: return button(SDL_CONTROLLER_BUTTON_B) || button(SDL_CONTROLLER_BUTTON_Y)
    case .pause: return button(SDL_CONTROLLER_BUTTON_START)
    case .rewind: return button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER)
    case .quit: return false
    }
  }

  /// The action a controller button taps (the stick and trigger are only ever held).
  private static func action(forButton button: Int32) -> KeyBindings.Action? {
    switch SDL_GameControllerButton(button) {
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: .rotateLeft
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: .rotateRight
    case SDL_CONTROLLER_BUTTON_DPAD_UP, SDL_CONTROLLER_BUTTON_X: .thrust
    case SDL_CONTROLLER_BUTTON_A: .fire
    case SDL_CONTROLLER_BUTTON_B, SDL_CONTROLLER_BUTTON_Y: .hyperspace
    case SDL_CONTROLLER_BUTTON_START: .pause
    default: nil
    }
  }

  private func button(_ button: SDL_GameControllerButton) -> Bool {
    heldButtons.contains(button.rawValue)
  }

  /// The input for the next tick; consumes a queued focus-loss pause.
  mutating func tickInput() -> TickInput {
    var input: TickInput = []
    let buttons: [(KeyBindings.Action, TickInput)] = [
      (.rotateLeft, .rotateLeft), (.rotateRight, .rotateRight), (.thrust, .thrust),
      (.fire, .fire), (.hyperspace, .hyperspace), (.pause, .pause),
    ]
    for (action, bit) in buttons where isHeld(action) || tapped.contains(action) {
      input.insert(bit)
    }
    if pulsePause { input.insert(.pause) }
    pulsePause = false
    tapped.removeAll()
    return input
  }
}
