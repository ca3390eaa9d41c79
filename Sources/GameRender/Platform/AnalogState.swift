import CSDL2
import Foundation
import GameCore
import GameScene

/// Turns the mouse and controller sticks into the values of a game's analog axes
/// (``ButtonLayout/axes``), quantised to each axis's integer range.
///
/// Whichever moved last, an axis's stick or the mouse, sets its value: the mouse takes an
/// axis over when it moves, a stick when it leaves its dead zone (so a stick at rest, whose
/// readings jitter around the centre, never takes an axis from the mouse). An axis neither
/// has moved is 0. Mouse positions arrive in frame pixels (the renderer's logical size), and
/// the world's place in the frame is the scene's (``FrameMapping``), so an axis of range
/// `0...159` over a world 160 units wide reads the world x under the mouse.
struct AnalogState {
  /// Where an axis's value comes from now.
  enum Source: Equatable {
    case rest, mouse, stick
  }

  /// One stick (or trigger) that moves an axis.
  struct Stick: Equatable {
    var axis: Int32
    /// -1 when the name ended in `-`: the stick turned the other way.
    var sign: Int32
    /// A trigger travels 0...32767 (let go to pressed), a stick -32768...32767.
    var isTrigger: Bool

    /// The stick SDL calls `name` (`leftx`, `lefty-`, `righttrigger`); nil for another name.
    init?(_ name: String) {
      let inverted = name.hasSuffix("-")
      let axis = SDL_GameControllerGetAxisFromString(inverted ? String(name.dropLast()) : name)
        .rawValue
      guard axis != SDL_CONTROLLER_AXIS_INVALID.rawValue else { return nil }
      self.axis = axis
      sign = inverted ? -1 : 1
      isTrigger =
        axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue
        || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue
    }
  }

  /// Stick readings within this of the centre count as the centre.
  static let deadZone: Int32 = 4_000

  private let axes: [Axis]
  private let sticks: [[Stick]]
  private(set) var sources: [Source]
  /// The mouse's latest position in frame pixels; nil until it moves.
  private(set) var mouse: (x: Float, y: Float)?

  init(axes: [Axis]) {
    self.axes = axes
    sticks = axes.map { $0.controller.compactMap(Stick.init) }
    sources = Array(repeating: .rest, count: axes.count)
  }

  /// True when the game has axes at all.
  var isEmpty: Bool { axes.isEmpty }

  /// The mouse moved to (`x`, `y`) in frame pixels: the axes it moves follow it.
  mutating func mouseMoved(x: Float, y: Float) {
    mouse = (x, y)
    for index in axes.indices where axes[index].mouse != nil { sources[index] = .mouse }
  }

  /// A stick of the controller of `player` (from 0; nil for a controller of nobody) read
  /// `value`.
  mutating func stickMoved(player: Int?, axis: Int32, value: Int32) {
    guard let player else { return }
    for index in axes.indices
    where axes[index].player - 1 == player && sticks[index].contains(where: { $0.axis == axis }) {
      if abs(Int(value)) > Int(Self.deadZone) || sources[index] == .stick {
        sources[index] = .stick
      }
    }
  }

  /// Sets the axes' values on `input`: the world is placed in the frame by `world`,
  /// `controllers` are the connected controllers in player order and `readings` their sticks'
  /// latest values.
  func apply(
    to input: inout TickInput, world: FrameMapping, controllers: [SDL_JoystickID],
    readings: [(controller: SDL_JoystickID, axis: Int32, value: Int32)]
  ) {
    for index in axes.indices {
      let axis = axes[index]
      switch sources[index] {
      case .rest:
        input[axis: index] = 0
      case .mouse:
        guard let mouse, let place = axis.mouse else { continue }
        let fraction =
          place == .x
          ? (mouse.x - world.originX) / (world.worldWidth * world.scale)
          : (mouse.y - world.originY) / (world.worldHeight * world.scale)
        input[axis: index] = Self.quantise(Double(fraction), axis.range)
      case .stick:
        let player = axis.player - 1
        guard player < controllers.count else {
          input[axis: index] = 0
          continue
        }
        input[axis: index] = stickValue(
          index, controller: controllers[player], readings: readings)
      }
    }
  }

  /// The value of axis `index` from the first of its sticks `controller` has read.
  private func stickValue(
    _ index: Int, controller: SDL_JoystickID,
    readings: [(controller: SDL_JoystickID, axis: Int32, value: Int32)]
  ) -> Int {
    let range = axes[index].range
    for stick in sticks[index] {
      guard
        let raw = readings.first(where: { $0.controller == controller && $0.axis == stick.axis })?
          .value
      else { continue }
      // Turned over, -32768 becomes 32767: the travel stays the same length either way.
      let value = stick.sign < 0 ? -Int(raw) - 1 : Int(raw)
      if stick.isTrigger {
        let pressed = max(0, value)
        return pressed <= Int(Self.deadZone)
          ? 0 : Self.quantise(Double(pressed) / 32_768, 0...range.upperBound)
      }
      if abs(value) <= Int(Self.deadZone) { return Self.quantise(0.5, range) }
      return Self.quantise(Double(value + 32_768) / 65_536, range)
    }
    return 0
  }

  /// The value `fraction` (0 at the bottom of `range`, 1 past its top) of the way along it.
  static func quantise(_ fraction: Double, _ range: ClosedRange<Int>) -> Int {
    guard fraction.isFinite else { return 0 }
    let span = Double(range.upperBound - range.lowerBound + 1)
    let offset = (fraction * span).rounded(.down)
    let clamped = min(max(offset, 0), span - 1)
    return range.lowerBound + Int(clamped)
  }
}
