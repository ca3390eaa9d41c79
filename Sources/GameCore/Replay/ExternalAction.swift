/// An action produced outside the simulation (a network message, an async effect's result),
/// stamped with the tick it was delivered at, as opaque bytes.
///
/// Everything the simulation consumes must be in the replay, not just the tick inputs. The
/// format stores these generically: the game decides what the payload means. Delivery order:
/// at tick `t`, the external actions stamped `t` are delivered (in recorded order) before the
/// tick input of `t`; the checkpoint hash of `t` is taken after both.
public struct ExternalAction: Equatable, Sendable {
  /// The tick (counting from 1) before whose input the action is delivered.
  public var tick: Int
  /// The game's encoding of the action.
  public var payload: [UInt8]

  /// An external action delivered before the input of `tick`.
  public init(tick: Int, payload: [UInt8]) {
    self.tick = tick
    self.payload = payload
  }
}
