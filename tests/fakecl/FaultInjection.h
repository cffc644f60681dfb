#pragma once
// Fault injection: CLW_FAKE_CL_FAULT=<function>[@<thread>]:<action>[,...] makes the named
// OpenCL calls of the fake driver misbehave, so that tests can stage a driver that crashes or
// hangs in a chosen call; with @<thread>, only when a thread of that name makes the call (its
// pthread name, on Linux and macOS). Actions:
//   abort  raises SIGABRT (std::abort)
//   segv   writes through a null pointer (a real SIGSEGV, which a handler cannot step over)
//   exit   ends the process at once with status 3 (std::_Exit: no atexit handlers or static
//          destructors, which could hang on the other threads of the process)
//   hang   sleeps forever; the call never returns
//   cachehang  opens a temporary file in $POCL_CACHE_DIR as PoCL does while it writes a cache
//          entry ("tempfile_XXXXXX", partly written), then hangs holding it
// Before acting, the driver writes "fake OpenCL driver: <function>: <action> as CLW_FAKE_CL_FAULT
// asks" and a newline to stderr and flushes it. An entry it does not understand is reported on
// stderr the same way, once, and ignored.
//
// <function> is the C API's name. The loader calls clIcdGetPlatformIDsKHR (which also answers to
// clGetPlatformIDs) and clGetPlatformInfo while it loads the driver, on the process's first
// OpenCL call, so faults there fire before the application sees any platform.

namespace clw::fakecl {

// Acts when CLW_FAKE_CL_FAULT names `function`, else returns. The variable is read once per
// process; with no faults asked for, a call costs one test of an empty list.
void faultPoint(const char* function);

} // namespace clw::fakecl
