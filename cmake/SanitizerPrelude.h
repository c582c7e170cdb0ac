//===- SanitizerPrelude.h - Included first in sanitized builds -*- C++ -*-===//
//
// The packaged libMLIR and libLLVM are not instrumented, but they share
// BumpPtrAllocators (the context's attribute and location storage) with the
// project's instrumented code. Under ASan, llvm/Support/Allocator.h poisons a
// whole new slab and unpoisons each piece it hands out; the library's
// uninstrumented copy of the same inline code hands out pieces of such a slab
// without unpoisoning them, and ASan reports a use-after-poison on memory that
// is in use. Without this poisoning the allocator behaves as in the library;
// ASan still checks the heap, the stack and the globals.
//
//===----------------------------------------------------------------------===//

#ifndef WAVE_CMAKE_SANITIZERPRELUDE_H
#define WAVE_CMAKE_SANITIZERPRELUDE_H

#include <sanitizer/asan_interface.h>

#define __asan_poison_memory_region(addr, size) ((void)(addr), (void)(size))
#define __asan_unpoison_memory_region(addr, size) ((void)(addr), (void)(size))

#endif // WAVE_CMAKE_SANITIZERPRELUDE_H
