/// An action type with a tick case: how the engine tells the rules a tick passed.
///
/// An enum case `case tick(TickInput)` satisfies it.
public protocol TickAction {
  /// One tick with these buttons held.
  static func tick(_ input: TickInput) -> Self
}
