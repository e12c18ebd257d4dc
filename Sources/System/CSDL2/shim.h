// System-library shim for SDL2 (Debian: libsdl2-dev, pkg-config: sdl2).
#include <SDL2/SDL.h>
