// The training types' names before issue 29, when `Environment` meant both a reducer's
// dependencies (GameCore's `EnvironmentLift`) and a training environment. Kept so that code
// written against them still builds, with a warning naming the new one.

@available(*, deprecated, renamed: "TrainingBatch")
public typealias EnvironmentBatch<G: TrainableGame> = TrainingBatch<G>
@available(*, deprecated, renamed: "AnyTrainingBatch")
public typealias AnyEnvironmentBatch = AnyTrainingBatch
@available(*, deprecated, renamed: "TrainingConfiguration")
public typealias EnvironmentConfiguration = TrainingConfiguration
@available(*, deprecated, renamed: "TrainingSetting")
public typealias EnvironmentSetting = TrainingSetting
@available(*, deprecated, renamed: "TrainingBuffers")
public typealias EnvironmentBuffers = TrainingBuffers
@available(*, deprecated, renamed: "TrainingEpisode")
public typealias EnvironmentEpisode = TrainingEpisode
@available(*, deprecated, renamed: "TrainingError")
public typealias EnvironmentError = TrainingError
@available(*, deprecated, renamed: "TrainingSnapshot")
public typealias EnvironmentSnapshot<G: TrainableGame> = TrainingSnapshot<G>
@available(*, deprecated, renamed: "AnyTrainingSnapshot")
public typealias AnyEnvironmentSnapshot = AnyTrainingSnapshot
@available(*, deprecated, renamed: "TrainingWorkers")
public typealias EnvironmentWorkers = TrainingWorkers
@available(*, deprecated, renamed: "TrainingAction")
public typealias EnvironmentAction = TrainingAction

extension TrainableGame {
  @available(*, deprecated, renamed: "makeTrainingBatch(count:configuration:)")
  public static func makeEnvironmentBatch(
    count: Int, configuration: TrainingConfiguration
  ) throws(TrainingError) -> any AnyTrainingBatch {
    try makeTrainingBatch(count: count, configuration: configuration)
  }
}
