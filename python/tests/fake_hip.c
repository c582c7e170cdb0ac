/* A stand-in for libamdhip64.so with the entry points wave_mlir.hip calls,
 * to test the launch path where no AMD GPU is present. Device memory is host
 * memory; "launching" a kernel records its arguments and reverses the bytes of
 * every buffer passed to it, so a test sees whether the arrays went to the
 * device, reached the kernel through kernelParams and came back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxBuffers = 16, kMaxParams = 16 };

static void *buffers[kMaxBuffers];
static size_t sizes[kMaxBuffers];
static int numBuffers;

/* Set by the tests: how many kernel arguments there are and their sizes
 * (HIP itself knows them from the code object's metadata). */
int fake_param_count;
int fake_param_sizes[kMaxParams];

/* What the tests read back. */
const void *fake_image;
char fake_function[256];
unsigned fake_grid[3], fake_block[3];
uint64_t fake_params[kMaxParams];
int fake_num_params;
int fake_frees, fake_unloads;

const char *hipGetErrorString(int status) {
  return status ? "fake error" : "no error";
}

int hipGetDeviceCount(int *count) {
  *count = 1;
  return 0;
}

int hipGetDeviceProperties(char *props, int device) {
  /* gcnArchName is not at the start of hipDeviceProp_t. */
  memset(props, 0, 1024);
  strcpy(props + 396, "gfx942:sramecc+:xnack-");
  return device == 0 ? 0 : 1;
}

int hipModuleLoadData(void **module, const void *image) {
  fake_image = image;
  *module = &fake_image;
  return memcmp(image, "\177ELF", 4) == 0 ? 0 : 1;
}

int hipModuleGetFunction(void **function, void *module, const char *name) {
  strncpy(fake_function, name, sizeof(fake_function) - 1);
  *function = fake_function;
  return 0;
}

int hipMalloc(void **pointer, size_t size) {
  if (numBuffers == kMaxBuffers)
    return 1;
  *pointer = malloc(size);
  buffers[numBuffers] = *pointer;
  sizes[numBuffers++] = size;
  return 0;
}

int hipMemcpy(void *dst, const void *src, size_t size, int kind) {
  memcpy(dst, src, size);
  return kind == 1 || kind == 2 ? 0 : 1;
}

static void reverse(unsigned char *bytes, size_t size) {
  for (size_t i = 0; i < size / 2; ++i) {
    unsigned char byte = bytes[i];
    bytes[i] = bytes[size - 1 - i];
    bytes[size - 1 - i] = byte;
  }
}

int hipModuleLaunchKernel(void *function, unsigned gx, unsigned gy,
                          unsigned gz, unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params,
                          void **extra) {
  fake_grid[0] = gx, fake_grid[1] = gy, fake_grid[2] = gz;
  fake_block[0] = bx, fake_block[1] = by, fake_block[2] = bz;
  fake_num_params = 0;
  for (int i = 0; i < fake_param_count && i < kMaxParams; ++i) {
    uint64_t value = 0;
    memcpy(&value, params[i], fake_param_sizes[i]);
    fake_params[fake_num_params++] = value;
    for (int b = 0; b < numBuffers; ++b)
      if ((uintptr_t)buffers[b] == value)
        reverse(buffers[b], sizes[b]);
  }
  return function == fake_function && shared == 0 && !extra ? 0 : 1;
}

int hipDeviceSynchronize(void) { return 0; }

int hipFree(void *pointer) {
  ++fake_frees;
  free(pointer);
  return 0;
}

int hipModuleUnload(void *module) {
  ++fake_unloads;
  return 0;
}
