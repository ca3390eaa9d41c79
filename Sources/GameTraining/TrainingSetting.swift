/// One of a game's options for a batch: `mode` = `sprint`.
public struct TrainingSetting: Equatable, Sendable {
  public var name: String
  public var value: String

  /// The option `name` set to `value`, as ``GameSettings/set(_:to:)`` takes it.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

@available(*, deprecated, renamed: "TrainingSetting")
public typealias EnvironmentSetting = TrainingSetting
