#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

// Function-like macros do not import into Swift; these wrap the ones the platform layer uses.

static inline int CSDL2_WindowPosCentered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

static inline SDL_Surface *CSDL2_LoadBMP(const char *file) { return SDL_LoadBMP(file); }

static inline int CSDL2_SaveBMP(SDL_Surface *surface, const char *file) {
  return SDL_SaveBMP(surface, file);
}

static inline SDL_AudioSpec *CSDL2_LoadWAV(const char *file, SDL_AudioSpec *spec, Uint8 **buf,
                                           Uint32 *len) {
  return SDL_LoadWAV(file, spec, buf, len);
}

#endif
