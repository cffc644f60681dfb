#!/usr/bin/env python3
"""A host program for tests of `clworkbench capture` (PyOpenCL).

    capture_py.py OUTPUT_DIR

The same pipeline as capture_cpp.cpp: add (c = a + b over 4096 float32, local size 64), then
square (c = c * c in place). Writes c.bin, c's final contents, to OUTPUT_DIR. The device is the
first whose platform or device name contains CLW_TEST_DEVICE (any case), else the first device
of the first platform.
"""
import os
import sys

import numpy as np
import pyopencl as cl

SOURCE = """
__kernel void add(__global const float* a, __global const float* b, __global float* c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void square(__global float* c)
{
    size_t i = get_global_id(0);
    c[i] = c[i] * c[i];
}
"""

N = 4096
LOCAL = 64


def pick_device():
    wanted = os.environ.get("CLW_TEST_DEVICE", "").lower()
    for platform in cl.get_platforms():
        try:
            devices = platform.get_devices(cl.device_type.ALL)
        except cl.Error:
            continue
        for device in devices:
            if not wanted or wanted in platform.name.lower() or wanted in device.name.lower():
                return device
    raise RuntimeError("no OpenCL device matches CLW_TEST_DEVICE=" + wanted if wanted
                       else "no OpenCL device")


def run(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    device = pick_device()
    print("device:", device.name)
    ctx = cl.Context([device])
    queue = cl.CommandQueue(ctx, device)
    prg = cl.Program(ctx, SOURCE).build()

    i = np.arange(N)
    a = ((i % 64) * 0.5).astype(np.float32)
    b = (1.0 - (i // 64) * 0.0625).astype(np.float32)
    c = np.empty(N, dtype=np.float32)
    mf = cl.mem_flags
    a_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    b_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    c_buf = cl.Buffer(ctx, mf.READ_WRITE, c.nbytes)

    prg.add(queue, (N,), (LOCAL,), a_buf, b_buf, c_buf)
    prg.square(queue, (N,), (LOCAL,), c_buf)
    cl.enqueue_copy(queue, c, c_buf)
    queue.finish()

    c.tofile(os.path.join(out_dir, "c.bin"))
    print("c.bin: %d floats: %s" % (c.size, " ".join("%g" % v for v in c[:6])))
    return 0


def main():
    if len(sys.argv) != 2:
        print("usage: capture_py.py OUTPUT_DIR", file=sys.stderr)
        return 2
    try:
        return run(sys.argv[1])
    except cl.Error as error:
        print("OpenCL error %s in %s" % (getattr(error, "code", "?"),
                                         getattr(error, "routine", str(error))), file=sys.stderr)
    except Exception as error:  # pylint: disable=broad-except
        print("error: %s" % error, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
