import CSDL2
import GameCore
import GameScene

/// Turns SDL events into what is held now, and that into one ``TickInput`` per tick, for any
/// game's ``ButtonLayout``.
///
/// Held keys come from KEYDOWN/KEYUP events rather than `SDL_GetKeyboardState`, so events
/// pushed by tests count like real ones. Controllers add to the keyboard, never replace it:
/// player 1's buttons (``Button/player``) read the first controller connected, player 2's the
/// second. Any controller's left shoulder rewinds. Mouse buttons press the buttons that list
/// them (``Button/mouse``); the mouse's motion and the sticks move the game's analog axes
/// (``AnalogState``).
struct InputState {
  /// One way a controller presses a button: a button, or an axis pushed past a threshold.
  enum ControllerInput: Equatable {
    case button(Int32)
    /// An axis, pushed towards `sign` (-1 or 1) past `threshold`.
    case axis(Int32, sign: Int32, threshold: Int32)

    /// The input SDL calls `name` (`a`, `dpleft`, `leftx-`, `righttrigger`); nil for a name
    /// SDL does not know.
    init?(_ name: String) {
      var axisName = name
      var sign: Int32 = 1
      if let last = name.last, last == "-" || last == "+" {
        axisName = String(name.dropLast())
        sign = last == "-" ? -1 : 1
      }
      let axis = SDL_GameControllerGetAxisFromString(axisName).rawValue
      if axis != SDL_CONTROLLER_AXIS_INVALID.rawValue {
        let trigger =
          axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue
          || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue
        self = .axis(axis, sign: sign, threshold: trigger ? 8_000 : 12_000)
        return
      }
      let button = SDL_GameControllerGetButtonFromString(name).rawValue
      guard button != SDL_CONTROLLER_BUTTON_INVALID.rawValue else { return nil }
      self = .button(button)
    }
  }

  private let table: [SDL_Keycode: KeyBindings.Action]
  /// Per bit: the player's controller number (from 0) and the inputs that press it.
  private let controllerMap: [(player: Int, inputs: [ControllerInput])]
  private let pauseBit: TickInput
  /// Per SDL mouse button (1 left, 2 middle, 3 right, 4 x1, 5 x2): the bits it presses.
  private let mouseMap: [UInt8: TickInput]
  private var heldMouseButtons: Set<UInt8> = []
  /// The game's analog axes.
  private(set) var analog: AnalogState
  private var heldKeys: [SDL_Keycode: KeyBindings.Action] = [:]
  /// Connected controllers by instance id, in the order they came: index = player - 1.
  private var controllers: [SDL_JoystickID] = []
  private var heldButtons: [(controller: SDL_JoystickID, button: Int32)] = []
  private var axes: [(controller: SDL_JoystickID, axis: Int32, value: Int32)] = []
  /// Buttons pressed since the last tick: a tap shorter than a tick (press and release in one
  /// frame) still reaches the game as one tick of that button.
  private var tapped: TickInput = []
  /// A one-tick pause press queued by focus loss.
  private var pulsePause = false
  /// Set by Escape, window close or SIGINT (SDL turns SIGINT into SDL_QUIT).
  private(set) var quitRequested = false

  init(bindings: KeyBindings) {
    table = bindings.table()
    controllerMap = bindings.layout.buttons.map { button in
      (max(0, button.player - 1), button.controller.compactMap(ControllerInput.init))
    }
    pauseBit = bindings.layout.pause
    var mouseMap: [UInt8: TickInput] = [:]
    for (bit, button) in bindings.layout.buttons.enumerated() {
      for name in button.mouse {
        guard let index = Self.mouseButtons.firstIndex(of: name) else { continue }
        mouseMap[UInt8(index + 1), default: []].insert(TickInput(bit: bit))
      }
    }
    self.mouseMap = mouseMap
    analog = AnalogState(axes: bindings.layout.axes)
  }

  /// SDL's mouse buttons by name, button 1 first.
  static let mouseButtons = ["left", "middle", "right", "x1", "x2"]

  /// Feeds one event.
  mutating func handle(_ event: SDL_Event) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      quitRequested = true
    case SDL_KEYDOWN:
      guard let action = table[event.key.keysym.sym] else { return }
      if action == .quit { quitRequested = true }
      heldKeys[event.key.keysym.sym] = action
      if case .button(let bit) = action { tapped.insert(TickInput(bit: bit)) }
    case SDL_KEYUP:
      heldKeys[event.key.keysym.sym] = nil
    case SDL_MOUSEMOTION:
      analog.mouseMoved(x: Float(event.motion.x), y: Float(event.motion.y))
    case SDL_MOUSEBUTTONDOWN:
      analog.mouseMoved(x: Float(event.button.x), y: Float(event.button.y))
      heldMouseButtons.insert(event.button.button)
      if let bits = mouseMap[event.button.button] { tapped.formUnion(bits) }
    case SDL_MOUSEBUTTONUP:
      heldMouseButtons.remove(event.button.button)
    case SDL_CONTROLLERDEVICEADDED:
      // Opening is what makes SDL send the controller's button and axis events.
      if let controller = SDL_GameControllerOpen(event.cdevice.which) {
        connect(SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller)))
      }
    case SDL_CONTROLLERDEVICEREMOVED:
      let id = event.cdevice.which
      controllers.removeAll { $0 == id }
      heldButtons.removeAll { $0.controller == id }
      axes.removeAll { $0.controller == id }
    case SDL_CONTROLLERBUTTONDOWN:
      let id = event.cbutton.which
      connect(id)
      let button = Int32(event.cbutton.button)
      heldButtons.append((id, button))
      for (bit, map) in controllerMap.enumerated()
      where isController(id, player: map.player) && map.inputs.contains(.button(button)) {
        tapped.insert(TickInput(bit: bit))
      }
    case SDL_CONTROLLERBUTTONUP:
      let id = event.cbutton.which
      let button = Int32(event.cbutton.button)
      heldButtons.removeAll { $0.controller == id && $0.button == button }
    case SDL_CONTROLLERAXISMOTION:
      let id = event.caxis.which
      connect(id)
      let axis = Int32(event.caxis.axis)
      axes.removeAll { $0.controller == id && $0.axis == axis }
      axes.append((id, axis, Int32(event.caxis.value)))
      analog.stickMoved(
        player: controllers.firstIndex(of: id), axis: axis, value: Int32(event.caxis.value))
    default:
      break
    }
  }

  /// Remembers a controller: the order controllers come in is the order of players.
  mutating func connect(_ id: SDL_JoystickID) {
    if !controllers.contains(id) { controllers.append(id) }
  }

  private func isController(_ id: SDL_JoystickID, player: Int) -> Bool {
    player < controllers.count && controllers[player] == id
  }

  /// Presses the game's pause button for one tick: the game pauses itself when the window
  /// loses focus.
  mutating func pauseOnce() { pulsePause = true }

  /// True while rewind is held; the loop asks once per frame, before running ticks.
  ///
  /// While rewinding, no tick consumes the input, so taps and a focus-loss pause would wait
  /// and all fire on the tick play resumes: they are dropped instead. Keys still held when
  /// rewind is let go count from then on, as held keys do.
  mutating func pollRewind() -> Bool {
    let shoulder = Int32(SDL_CONTROLLER_BUTTON_LEFTSHOULDER.rawValue)
    guard
      heldKeys.values.contains(.rewind) || heldButtons.contains(where: { $0.button == shoulder })
    else { return false }
    tapped = []
    pulsePause = false
    return true
  }

  /// True while button `bit` is held on the keyboard or its player's controller.
  func isHeld(bit: Int) -> Bool {
    if heldKeys.values.contains(.button(bit)) { return true }
    guard bit < controllerMap.count else { return false }
    let map = controllerMap[bit]
    guard map.player < controllers.count else { return false }
    let id = controllers[map.player]
    for input in map.inputs {
      switch input {
      case .button(let button):
        if heldButtons.contains(where: { $0.controller == id && $0.button == button }) {
          return true
        }
      case .axis(let axis, let sign, let threshold):
        if let value = axes.first(where: { $0.controller == id && $0.axis == axis })?.value,
          value * sign > threshold
        {
          return true
        }
      }
    }
    return false
  }

  /// The input for the next tick, the axes read over the world `world` places in the frame
  /// (the scene on screen); consumes taps and a queued focus-loss pause.
  mutating func tickInput(world: FrameMapping = .frame) -> TickInput {
    var input = tapped
    for bit in controllerMap.indices where isHeld(bit: bit) { input.insert(TickInput(bit: bit)) }
    for button in heldMouseButtons { input.formUnion(mouseMap[button] ?? []) }
    if !analog.isEmpty {
      analog.apply(to: &input, world: world, controllers: controllers, readings: axes)
    }
    if pulsePause { input.formUnion(pauseBit) }
    pulsePause = false
    tapped = []
    return input
  }
}
