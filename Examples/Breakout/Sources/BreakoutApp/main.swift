import BreakoutGame
import GameLauncher

GameLauncher.main(games: [Breakout.self])
