import AsteroidsGame
import BlocksGame
import GameLauncher
import PongGame

// The command line over every game this package ships; Asteroids is the default, and the game
// that version-1 replays (which name no game) belong to.
GameLauncher.main(games: [Asteroids.self, Pong.self, Blocks.self])
