/* A stand-in for raylib.h, so that PufferLib's environment headers compile without raylib.
 *
 * The headers include raylib.h at the top and keep all drawing in c_render, make_client and
 * close_client, which the benchmark never calls. Only those functions name the calls below, so
 * every one is a no-op that is never run; the simulation uses nothing of raylib but the
 * Vector2 type and PI (asteroids). Compile with -Werror=implicit-function-declaration: a call
 * missing here then stops the build instead of linking against nothing. */
#ifndef BENCH_RAYLIB_STUB_H
#define BENCH_RAYLIB_STUB_H
#include <stdbool.h>

#define PI 3.14159265358979323846f

typedef struct Vector2 { float x, y; } Vector2;
typedef struct Rectangle { float x, y, width, height; } Rectangle;
typedef struct Color { unsigned char r, g, b, a; } Color;
typedef struct Texture2D { unsigned int id; int width, height, mipmaps, format; } Texture2D;
typedef struct Font { int baseSize; } Font;

#define RED (Color){230, 41, 55, 255}
#define WHITE (Color){255, 255, 255, 255}
#define BLACK (Color){0, 0, 0, 255}
enum { KEY_SPACE = 32, KEY_A = 65, KEY_D = 68, KEY_S = 83, KEY_W = 87, KEY_ESCAPE = 256,
       KEY_TAB = 258, KEY_RIGHT = 262, KEY_LEFT = 263, KEY_DOWN = 264, KEY_UP = 265,
       KEY_LEFT_SHIFT = 340, FLAG_MSAA_4X_HINT = 32 };

static inline void InitWindow(int w, int h, const char *title) { (void)w; (void)h; (void)title; }
static inline void CloseWindow(void) {}
static inline bool IsWindowReady(void) { return false; }
static inline bool WindowShouldClose(void) { return true; }
static inline void SetTargetFPS(int fps) { (void)fps; }
static inline void SetConfigFlags(unsigned int flags) { (void)flags; }
static inline void ToggleFullscreen(void) {}
static inline bool IsKeyDown(int key) { (void)key; return false; }
static inline bool IsKeyPressed(int key) { (void)key; return false; }
static inline void BeginDrawing(void) {}
static inline void EndDrawing(void) {}
static inline void ClearBackground(Color c) { (void)c; }
static inline Texture2D LoadTexture(const char *path) { (void)path; return (Texture2D){0}; }
static inline Font GetFontDefault(void) { return (Font){0}; }
static inline Color ColorAlpha(Color c, float a) { (void)a; return c; }
static inline int MeasureText(const char *t, int size) { (void)t; (void)size; return 0; }
static inline void DrawFPS(int x, int y) { (void)x; (void)y; }
static inline void DrawPixel(int x, int y, Color c) { (void)x; (void)y; (void)c; }
static inline void DrawLineV(Vector2 a, Vector2 b, Color c) { (void)a; (void)b; (void)c; }
static inline void DrawCircle(int x, int y, float r, Color c) { (void)x; (void)y; (void)r; (void)c; }
static inline void DrawCircleLines(int x, int y, float r, Color c) { (void)x; (void)y; (void)r; (void)c; }
static inline void DrawRectangle(int x, int y, int w, int h, Color c) {
  (void)x; (void)y; (void)w; (void)h; (void)c;
}
static inline void DrawText(const char *t, int x, int y, int size, Color c) {
  (void)t; (void)x; (void)y; (void)size; (void)c;
}
static inline void DrawTextEx(Font f, const char *t, Vector2 p, float size, float sp, Color c) {
  (void)f; (void)t; (void)p; (void)size; (void)sp; (void)c;
}
static inline void DrawTexturePro(Texture2D t, Rectangle s, Rectangle d, Vector2 o, float r, Color c) {
  (void)t; (void)s; (void)d; (void)o; (void)r; (void)c;
}
static inline const char *TextFormat(const char *fmt, ...) { return fmt; }
#endif
