import AsteroidsGame
import BlocksGame
import GameEnvironments
import PongGame

/// The engine's own library of environments (`libGameEnv`): every ``TrainableGame`` of this
/// package. The C ABI is `GameEnvironments`'; this line names the games, as another
/// package's library names its own (docs/TRAINING-A-GAME.md, "Games from another package").
@c public func sgenv_register() { EnvironmentLibrary.serve([Pong.self, Asteroids.self, Blocks.self]) }
