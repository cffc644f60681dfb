/* The host program clw_bench_capture runs alone and under `clworkbench capture` (issue 62), on the
 * plain OpenCL 1.2 C API, as a user's program would be.
 *
 *   capture_workload calls N
 *     N iterations of a typical host loop: a small clEnqueueWriteBuffer (4 KiB), three
 *     clSetKernelArg, a saxpy over 64K work-items, a small blocking clEnqueueReadBuffer (4 KiB):
 *     six OpenCL calls each. Prints `loop_seconds X`, the loop's own wall time (the setup
 *     before it, the platform, the build, the buffers and one launch to warm up, and the
 *     release after are left out), and `loop_cpu_seconds Y`, the CPU time all the process'
 *     threads took in it.
 *   capture_workload bytes MIB LAUNCHES
 *     Two buffers, in and out, of MIB/2 mebibytes each (about MIB in all), filled from the host,
 *     then LAUNCHES launches of a kernel over them, then clFinish. Prints `loop_seconds X`, the
 *     launches' wall time.
 *
 * The device is the first whose platform or device name contains CLW_TEST_DEVICE (any case),
 * else the first device of the first platform. Exits 1 with a message on an OpenCL error. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cl_int check_err_ = (call);                                                                \
        if (check_err_ != CL_SUCCESS) {                                                            \
            fprintf(stderr, "capture_workload: OpenCL error %d in %s (line %d)\n",                 \
                    (int)check_err_, #call, __LINE__);                                             \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* For calls that return an object and report through their last argument. */
#define CHECK_ERR(err, what)                                                                       \
    do {                                                                                           \
        if ((err) != CL_SUCCESS) {                                                                 \
            fprintf(stderr, "capture_workload: OpenCL error %d in %s (line %d)\n", (int)(err),     \
                    what, __LINE__);                                                               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static const char* kernel_source =
    "__kernel void saxpy(__global const float* x, __global float* y, float alpha)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    y[i] = alpha * x[i] + y[i];\n"
    "}\n"
    "\n"
    "__kernel void scale(__global const float* in, __global float* out, float factor)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = in[i] * factor + out[i];\n"
    "}\n";

enum { CALLS_ITEMS = 64 * 1024, SMALL_FLOATS = 1024 };

static double clock_seconds(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now_seconds(void) {
    return clock_seconds(CLOCK_MONOTONIC);
}

/* The CPU time of every thread of the process: the driver's, and a layer's. */
static double cpu_seconds(void) {
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

static void lower(char* s) {
    for (; *s; ++s)
        *s = (char)tolower((unsigned char)*s);
}

static char* platform_name(cl_platform_id platform) {
    size_t size = 0;
    CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, NULL, &size));
    char* name = calloc(size + 1, 1);
    CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, name, NULL));
    return name;
}

static char* device_name(cl_device_id device) {
    size_t size = 0;
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, 0, NULL, &size));
    char* name = calloc(size + 1, 1);
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, size, name, NULL));
    return name;
}

/* CLW_TEST_DEVICE: a substring of the platform or device name (any case); else the first. */
static cl_device_id pick_device(void) {
    cl_uint num_platforms = 0;
    CHECK(clGetPlatformIDs(0, NULL, &num_platforms));
    if (num_platforms == 0) {
        fprintf(stderr, "capture_workload: no OpenCL platform\n");
        exit(1);
    }
    cl_platform_id* platforms = malloc(num_platforms * sizeof *platforms);
    CHECK(clGetPlatformIDs(num_platforms, platforms, NULL));

    const char* wanted_env = getenv("CLW_TEST_DEVICE");
    char* wanted = NULL;
    if (wanted_env && *wanted_env) {
        wanted = malloc(strlen(wanted_env) + 1);
        strcpy(wanted, wanted_env);
        lower(wanted);
    }

    cl_device_id chosen = NULL;
    for (cl_uint p = 0; p < num_platforms && !chosen; ++p) {
        cl_uint num_devices = 0;
        cl_int err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &num_devices);
        if (err == CL_DEVICE_NOT_FOUND || num_devices == 0)
            continue;
        CHECK_ERR(err, "clGetDeviceIDs");
        cl_device_id* devices = malloc(num_devices * sizeof *devices);
        CHECK(clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, num_devices, devices, NULL));
        char* pname = platform_name(platforms[p]);
        lower(pname);
        for (cl_uint d = 0; d < num_devices && !chosen; ++d) {
            if (!wanted) {
                chosen = devices[d];
                break;
            }
            char* dname = device_name(devices[d]);
            lower(dname);
            if (strstr(pname, wanted) || strstr(dname, wanted))
                chosen = devices[d];
            free(dname);
        }
        free(pname);
        free(devices);
    }
    if (!chosen) {
        fprintf(stderr, "capture_workload: no OpenCL device matches CLW_TEST_DEVICE=%s\n",
                wanted_env ? wanted_env : "");
        exit(1);
    }
    free(wanted);
    free(platforms);
    return chosen;
}

static cl_kernel build_kernel(cl_context context, cl_device_id device, const char* name,
                              cl_program* program_out) {
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context, 1, &kernel_source, NULL, &err);
    CHECK_ERR(err, "clCreateProgramWithSource");
    err = clBuildProgram(program, 1, &device, "", NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t log_size = 0;
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
        char* log = calloc(log_size + 1, 1);
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL);
        fprintf(stderr, "capture_workload: build log:\n%s\n", log);
        free(log);
        CHECK_ERR(err, "clBuildProgram");
    }
    cl_kernel kernel = clCreateKernel(program, name, &err);
    CHECK_ERR(err, "clCreateKernel");
    *program_out = program;
    return kernel;
}

/* One launch of the kernel, whose arguments are set, over `global` items before the timed part:
 * PoCL compiles a kernel for its work-group size at its first launch. */
static void warm_up(cl_command_queue queue, cl_kernel kernel, size_t global) {
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clFinish(queue));
}

/* N iterations of write, three arguments, launch, blocking read. */
static void run_calls(cl_context context, cl_command_queue queue, cl_device_id device, long n) {
    static float x[CALLS_ITEMS], y[CALLS_ITEMS], small_in[SMALL_FLOATS], small_out[SMALL_FLOATS];
    for (int i = 0; i < CALLS_ITEMS; ++i) {
        x[i] = (float)(i % 101) * 0.5f;
        y[i] = (float)(i % 7);
    }
    cl_int err = CL_SUCCESS;
    cl_mem x_buf =
        clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
    CHECK_ERR(err, "clCreateBuffer(x)");
    cl_mem y_buf =
        clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
    CHECK_ERR(err, "clCreateBuffer(y)");
    cl_program program;
    cl_kernel saxpy = build_kernel(context, device, "saxpy", &program);
    const size_t global = CALLS_ITEMS;
    const cl_float zero = 0.0f;
    CHECK(clSetKernelArg(saxpy, 0, sizeof(cl_mem), &x_buf));
    CHECK(clSetKernelArg(saxpy, 1, sizeof(cl_mem), &y_buf));
    CHECK(clSetKernelArg(saxpy, 2, sizeof(cl_float), &zero));
    warm_up(queue, saxpy, global);

    float checksum = 0.0f;
    const double start = now_seconds(), start_cpu = cpu_seconds();
    for (long k = 0; k < n; ++k) {
        for (int i = 0; i < SMALL_FLOATS; ++i)
            small_in[i] = (float)((k + i) % 13);
        const cl_float alpha = (cl_float)(k % 5) * 0.25f;
        const size_t offset = (size_t)(k % (CALLS_ITEMS / SMALL_FLOATS)) * SMALL_FLOATS;
        CHECK(clEnqueueWriteBuffer(queue, x_buf, CL_FALSE, offset * sizeof(float), sizeof small_in,
                                   small_in, 0, NULL, NULL));
        CHECK(clSetKernelArg(saxpy, 0, sizeof(cl_mem), &x_buf));
        CHECK(clSetKernelArg(saxpy, 1, sizeof(cl_mem), &y_buf));
        CHECK(clSetKernelArg(saxpy, 2, sizeof(cl_float), &alpha));
        CHECK(clEnqueueNDRangeKernel(queue, saxpy, 1, NULL, &global, NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(queue, y_buf, CL_TRUE, offset * sizeof(float), sizeof small_out,
                                  small_out, 0, NULL, NULL));
        checksum += small_out[k % SMALL_FLOATS];
    }
    const double seconds = now_seconds() - start, cpu = cpu_seconds() - start_cpu;
    printf("loop_seconds %.6f\nloop_cpu_seconds %.6f\n", seconds, cpu);
    if (checksum != checksum) /* keeps the reads' results used; NaN never comes */
        printf("checksum %g\n", checksum);

    CHECK(clReleaseKernel(saxpy));
    CHECK(clReleaseProgram(program));
    CHECK(clReleaseMemObject(y_buf));
    CHECK(clReleaseMemObject(x_buf));
}

/* Two buffers of about mib/2 MiB each, `launches` launches of scale over them. */
static void run_bytes(cl_context context, cl_command_queue queue, cl_device_id device, long mib,
                      long launches) {
    const size_t count = (size_t)mib * 1024 * 1024 / 2 / sizeof(float);
    float* host = malloc(count * sizeof(float));
    if (!host) {
        fprintf(stderr, "capture_workload: out of memory for %ld MiB\n", mib);
        exit(1);
    }
    for (size_t i = 0; i < count; ++i)
        host[i] = (float)(i % 1000) * 0.001f;
    cl_int err = CL_SUCCESS;
    cl_mem in_buf = clCreateBuffer(context, CL_MEM_READ_ONLY, count * sizeof(float), NULL, &err);
    CHECK_ERR(err, "clCreateBuffer(in)");
    cl_mem out_buf = clCreateBuffer(context, CL_MEM_READ_WRITE, count * sizeof(float), NULL, &err);
    CHECK_ERR(err, "clCreateBuffer(out)");
    CHECK(clEnqueueWriteBuffer(queue, in_buf, CL_TRUE, 0, count * sizeof(float), host, 0, NULL,
                               NULL));
    memset(host, 0, count * sizeof(float));
    CHECK(clEnqueueWriteBuffer(queue, out_buf, CL_TRUE, 0, count * sizeof(float), host, 0, NULL,
                               NULL));
    cl_program program;
    cl_kernel scale = build_kernel(context, device, "scale", &program);

    /* No warm-up launch here: under `--launch all` it would be captured too. */
    const double start = now_seconds();
    for (long k = 0; k < launches; ++k) {
        const cl_float factor = 1.0f + (cl_float)k;
        CHECK(clSetKernelArg(scale, 0, sizeof(cl_mem), &in_buf));
        CHECK(clSetKernelArg(scale, 1, sizeof(cl_mem), &out_buf));
        CHECK(clSetKernelArg(scale, 2, sizeof(cl_float), &factor));
        CHECK(clEnqueueNDRangeKernel(queue, scale, 1, NULL, &count, NULL, 0, NULL, NULL));
    }
    CHECK(clFinish(queue));
    printf("loop_seconds %.6f\n", now_seconds() - start);

    CHECK(clReleaseKernel(scale));
    CHECK(clReleaseProgram(program));
    CHECK(clReleaseMemObject(out_buf));
    CHECK(clReleaseMemObject(in_buf));
    free(host);
}

static long positive(const char* text) {
    char* end = NULL;
    const long value = strtol(text, &end, 10);
    return end && *end == '\0' && value > 0 ? value : 0;
}

int main(int argc, char** argv) {
    const int calls = argc == 3 && !strcmp(argv[1], "calls") && positive(argv[2]);
    const int bytes =
        argc == 4 && !strcmp(argv[1], "bytes") && positive(argv[2]) && positive(argv[3]);
    if (!calls && !bytes) {
        fprintf(stderr, "usage: %s calls N | bytes MIB LAUNCHES\n", argv[0]);
        return 2;
    }
    cl_device_id device = pick_device();
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_ERR(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK_ERR(err, "clCreateCommandQueue");
    if (calls)
        run_calls(context, queue, device, positive(argv[2]));
    else
        run_bytes(context, queue, device, positive(argv[2]), positive(argv[3]));
    CHECK(clReleaseCommandQueue(queue));
    CHECK(clReleaseContext(context));
    return 0;
}
