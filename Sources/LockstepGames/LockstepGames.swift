import AsteroidsGame
import BlocksGame
import GameTrainingLibrary
import PongGame

/// The engine's own library of environments (`libLockstepGames`): every ``TrainableGame`` of this
/// package. The C ABI is `GameTrainingLibrary`'; this line names the games, as another
/// package's library names its own (docs/TRAINING-A-GAME.md, "Games from another package").
@c public func lockstep_register() {
  TrainingLibrary.serve([Pong.self, Asteroids.self, Blocks.self])
}
