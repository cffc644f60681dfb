# The Debian packages (CPack DEB), one per install component:
#   clworkbench        the workbench (component "application")
#   libclw-engine-dev  the engine for other C++ programs (component "engine_dev")
# so that `apt install ./clworkbench_*.deb` pulls what the workbench needs to run.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # <name>_<version>-<release>_<arch>.deb, as apt expects
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_DEBIAN_APPLICATION_PACKAGE_NAME clworkbench)
set(CPACK_DEBIAN_APPLICATION_PACKAGE_SECTION devel)
# Descriptions: CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY first and wraps the paragraphs.
set(CPACK_DEBIAN_APPLICATION_DESCRIPTION
    "CL Workbench is a desktop workbench for OpenCL: write a kernel, build it for
one or several devices, bind buffers and scalars, launch it and look at what it did.
A device browser shows every property of every device.

The clworkbench command also works without a display: it lists and measures devices,
builds kernels and manages the program binary cache (see clworkbench(1)).")
# The shared libraries the executable links (Qt Core, Gui and Widgets, QScintilla, libOpenCL,
# libcrypto (libssl3), and any Qt module linked later, such as Charts or Svg) are read from the
# binary by dpkg-shlibdeps (dpkg-dev, which needs `file`), so the list never goes stale. What the
# binary does not link but needs at run time is named here:
# - qt6-qpa-plugins: Qt's platform plugins (xcb, wayland); libqt6gui6 only recommends it, and
#   without it the window cannot open.
# - the ICD loader, by its virtual name too, so that another loader may stand in;
# - an OpenCL implementation: PoCL (CPU) unless the machine already has a vendor ICD.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_APPLICATION_PACKAGE_DEPENDS
    "qt6-qpa-plugins, ocl-icd-libopencl1 | libopencl1, pocl-opencl-icd | opencl-icd")
# Oclgrind: the simulator the workbench lists as one more device (it registers it for its own
# processes only). clangd: the editor's language service (completion, types, errors as one
# types); clang-format: Code > Format. Without them the editor keeps its built-in word list.
set(CPACK_DEBIAN_APPLICATION_PACKAGE_RECOMMENDS "clinfo, oclgrind, clangd, clang-format")

set(CPACK_DEBIAN_ENGINE_DEV_PACKAGE_NAME libclw-engine-dev)
set(CPACK_DEBIAN_ENGINE_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_ENGINE_DEV_DESCRIPTION
    "The OpenCL engine of CL Workbench for other C++ programs: a static library, its
headers and a CMake package. It is the Qt-free C++20 engine under the workbench: RAII
OpenCL objects, builds on worker threads with a program binary cache, memory pools and
launches.

find_package(clw_engine) gives the CMake target clw::engine.")
# The headers include <CL/cl.h>; the static library needs libOpenCL.so, libcrypto.so (its
# SHA-256) and libprotobuf-lite.so (the protocol's envelope) to link, and the CMake package finds
# OpenSSL and protobuf again.
set(CPACK_DEBIAN_ENGINE_DEV_PACKAGE_DEPENDS
    "ocl-icd-opencl-dev | opencl-dev, opencl-c-headers | opencl-headers, libssl-dev (>= 3), \
libprotobuf-dev")
set(CPACK_DEBIAN_ENGINE_DEV_PACKAGE_RECOMMENDS "cmake (>= 3.21), pocl-opencl-icd | opencl-icd")
