import GameScene
