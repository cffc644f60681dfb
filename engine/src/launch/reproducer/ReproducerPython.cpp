// run.py of a reproducer folder, written as is: PyOpenCL and NumPy (Debian's python3-pyopencl,
// python3-numpy). It reads launch.json, so nothing here is launch-specific.
#include "ReproducerTemplates.h"

namespace clw::engine::reproducer {

std::string runPy() {
    return R"CLW(#!/usr/bin/env python3
"""Reproduces one kernel launch exported by CL Workbench (see README.md).

Usage: python3 run.py [DEVICE]   DEVICE: a substring of the platform or device name; else
$CLW_DEVICE; else the first device. Exit 0: every buffer and image matches the expected
contents; 1: some differ (each is named); 2: the launch could not be run.
"""
import json
import os
import sys

import numpy as np
import pyopencl as cl

HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = {"read_write": cl.mem_flags.READ_WRITE, "read_only": cl.mem_flags.READ_ONLY,
         "write_only": cl.mem_flags.WRITE_ONLY}


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(2)


def pick_device(wanted):
    found = []
    try:
        platforms = cl.get_platforms()
    except cl.Error as error:
        fail("no OpenCL platform found (%s)" % error)
    for platform in platforms:
        try:
            found += [(platform, device) for device in platform.get_devices()]
        except cl.Error:
            pass  # a platform without devices
    if not found:
        fail("no OpenCL device found")
    if not wanted:
        return found[0][1]
    for platform, device in found:
        if wanted.lower() in (platform.name + " " + device.name).lower():
            return device
    fail("no OpenCL device matches '%s'; there are: %s"
         % (wanted, "; ".join(p.name.strip() + " / " + d.name.strip() for p, d in found)))


def label(arg):
    return "argument %d '%s'" % (arg["index"], arg.get("name") or arg.get("declaration", ""))


def load(name):
    try:
        return np.load(os.path.join(HERE, name), allow_pickle=False)
    except (OSError, ValueError) as error:
        fail("cannot read %s: %s" % (name, error))


def checked(arg, data):
    """The input array, contiguous, once its type and shape are those launch.json gives."""
    if data.dtype != np.dtype(arg["dtype"]) or list(data.shape) != arg["shape"]:
        fail("%s: %s holds %s %s; launch.json says %s %s" % (
            label(arg), arg["input"], data.dtype, data.shape, arg["dtype"], tuple(arg["shape"])))
    return np.ascontiguousarray(data)


def close_enough(got, want, tolerance):
    """Integers exactly; floats equal, both NaN, at most `ulps` apart or within `rtol`."""
    if got.dtype.kind != "f":
        return got == want
    itype = {2: np.int16, 4: np.int32, 8: np.int64}[got.dtype.itemsize]
    with np.errstate(all="ignore"):
        g, w = got.astype(np.float64), want.astype(np.float64)
        gi, wi = got.view(itype).astype(np.int64), want.view(itype).astype(np.int64)
        ok = (gi == wi) | (np.isnan(g) & np.isnan(w))
        ok |= np.abs(g - w) <= tolerance["rtol"] * np.maximum(np.abs(g), np.abs(w))
        finite = np.isfinite(g) & np.isfinite(w)
        ok |= finite & ((gi < 0) == (wi < 0)) & (np.abs(gi - wi) <= tolerance["ulps"])
    return ok


def show(value, dtype):
    if dtype.kind == "f":
        return "%.17g" % value if dtype.itemsize == 8 else "%.9g" % value
    return "%d" % int(value)


def compare(arg, got, want, tolerance):
    """None when they match, else what differs."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return "%s: %s holds %s %s, the run gave %s %s" % (
            label(arg), arg["expected"], want.dtype, want.shape, got.dtype, got.shape)
    ok = close_enough(got, want, tolerance)
    bad = np.flatnonzero(~ok.ravel())
    if bad.size == 0:
        return None
    first = bad[0]
    where = ", ".join(str(int(i)) for i in np.unravel_index(first, want.shape))
    got_path = os.path.join("got", arg["expected"].replace("_expected.npy", "_got.npy"))
    os.makedirs(os.path.join(HERE, "got"), exist_ok=True)
    np.save(os.path.join(HERE, got_path), got)
    return "%s: %d of %d values differ; first at [%s]: got %s, expected %s (all of it in %s)" % (
        label(arg), bad.size, want.size, where, show(got.ravel()[first], got.dtype),
        show(want.ravel()[first], want.dtype), got_path)


def main():
    with open(os.path.join(HERE, "launch.json")) as f:
        launch = json.load(f)
    if launch.get("format") != "clworkbench.reproducer" or launch.get("version") != 1:
        fail("launch.json is not a version 1 clworkbench.reproducer file")
    wanted = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CLW_DEVICE", "")
    device = pick_device(wanted)
    print("device: %s (%s)" % (device.name.strip(), device.platform.name.strip()))
    context = cl.Context([device])
    queue = cl.CommandQueue(context, device)

    with open(os.path.join(HERE, launch["source"])) as f:
        source = f.read()
    options = launch["options"]
    if launch["headers"]:
        options += ' -I "%s"' % HERE if " " in HERE else " -I " + HERE
    program = cl.Program(context, source)
    try:
        program.build(options=options, devices=[device])
    except cl.Error as error:
        fail("building %s failed:\n%s" % (launch["source"], error))
    kernel = cl.Kernel(program, launch["kernel"])

    memory = {}  # index -> (memory object, argument)
    for arg in launch["arguments"]:
        index, kind = arg["index"], arg["kind"]
        if "same_as" in arg:
            value = memory[arg["same_as"]][0]
        elif kind == "buffer":
            data = checked(arg, load(arg["input"]))
            value = cl.Buffer(context, FLAGS[arg["flags"]] | cl.mem_flags.COPY_HOST_PTR,
                              hostbuf=np.ascontiguousarray(data))
            memory[index] = (value, arg)
        elif kind == "image":
            data = checked(arg, load(arg["input"]))
            fmt = cl.ImageFormat(arg["order_code"], arg["type_code"])
            shape = {"image1d": 1, "image1d_array": 2, "image2d": 2, "image2d_array": 3,
                     "image3d": 3}[arg["image_type"]]
            value = cl.Image(context, FLAGS[arg["flags"]], fmt,
                             shape=tuple(arg["region"][:shape]),
                             is_array=arg["image_type"].endswith("_array"))
            cl.enqueue_copy(queue, value, data, origin=(0, 0, 0), region=tuple(arg["region"]))
            memory[index] = (value, arg)
        elif kind == "scalar":
            raw = np.frombuffer(bytes.fromhex(arg["hex"]), dtype=arg["dtype"])
            value = raw[0] if raw.size == 1 else raw
        elif kind == "local":
            value = cl.LocalMemory(arg["bytes"])
        elif kind == "sampler":
            value = cl.Sampler(context, arg["normalized"], arg["addressing_code"],
                               arg["filter_code"])
        elif kind == "null":
            value = None
        else:
            fail("%s: unknown kind '%s'" % (label(arg), kind))
        try:
            kernel.set_arg(index, value)
        except cl.Error as error:
            fail("setting %s: %s" % (label(arg), error))

    try:
        sizes = [tuple(launch[key]) if launch[key] else None
                 for key in ("global", "local", "offset")]
        cl.enqueue_nd_range_kernel(queue, kernel, sizes[0], sizes[1], sizes[2])
        queue.finish()
    except cl.Error as error:
        fail("running kernel '%s': %s" % (launch["kernel"], error))

    problems = []
    for index, (mem, arg) in sorted(memory.items()):
        want = load(arg["expected"])
        got = np.empty(tuple(arg["shape"]), dtype=arg["dtype"])
        if arg["kind"] == "buffer":
            cl.enqueue_copy(queue, got, mem)
        else:
            cl.enqueue_copy(queue, got, mem, origin=(0, 0, 0), region=tuple(arg["region"]))
        problem = compare(arg, got, want, launch["tolerance"])
        if problem:
            problems.append(problem)
    if problems:
        for problem in problems:
            print(problem)
        print("NOT reproduced: %d of %d arguments differ" % (len(problems), len(memory)))
        return 1
    print("reproduced: %d arguments match" % len(memory))
    return 0


if __name__ == "__main__":
    sys.exit(main())
)CLW";
}

} // namespace clw::engine::reproducer
