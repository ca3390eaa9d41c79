import GameCore

print("GameApp")
