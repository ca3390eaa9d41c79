import PongGame
