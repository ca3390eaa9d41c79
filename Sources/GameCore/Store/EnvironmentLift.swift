/// How a lifted reducer gets its child's environment from the parent's: the parent's own
/// (no call at all), or a function.
///
/// The identity is a case rather than a `{ $0 }` closure because a closure is an indirect call
/// on every action that the compiler cannot remove; the case costs one predictable branch
/// (StoreBenchmarks d'': 2.4 ns per action, 4.5 ns with the identity as a closure).
@usableFromInline
enum EnvironmentLift<Parent, Child>: Sendable {
  /// The child uses the parent's environment as it is (`Parent == Child`).
  case identity
  /// The child's environment is computed from the parent's.
  case transform(@Sendable (Parent) -> Child)

  /// The child's environment for `environment`.
  @inlinable @inline(__always)
  func callAsFunction(_ environment: Parent) -> Child {
    switch self {
    // Only built where `Parent == Child`; once specialised the cast is a no-op.
    case .identity: return environment as! Child
    case .transform(let transform): return transform(environment)
    }
  }
}
