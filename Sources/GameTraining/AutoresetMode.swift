/// What a batch does with an environment whose episode has ended (Gymnasium's
/// `AutoresetMode`).
public enum AutoresetMode: Int32, Sendable, CaseIterable {
  /// The step after the last one resets it, ignores its action and reports its first
  /// observation with a reward of 0: Gymnasium's default.
  case nextStep = 0
  /// The last step resets it at once: the buffers hold the new episode's first observation,
  /// and the final observation goes to ``TrainingBuffers/finalObservations``.
  case sameStep = 1
  /// Never: stepping an ended environment is an error until the batch is reset.
  case disabled = 2
}
