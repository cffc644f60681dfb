#include "cli/SampleCommand.h"

#include "cli/Usage.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/Program.h"

#include <QFile>

#include <exception>
#include <vector>

namespace clw::app {

namespace {

constexpr size_t kCount = 16;
const char kKernelName[] = "vector_add";

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// Runs the kernel; throws ClError on an OpenCL failure, returns an error text on a build failure.
QString runOnDevice(const engine::Device& device, const QString& source, std::vector<float>& c) {
    using namespace clw::engine;
    std::vector<float> a(kCount), b(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        a[i] = float(i);
        b[i] = float(2 * i);
    }
    const size_t bytes = kCount * sizeof(float);
    const Context context(device);
    const CommandQueue queue(context, device);
    const Program program = Program::fromSource(context, source.toStdString());
    const BuildResult build = program.build();
    if (!build.ok())
        return QStringLiteral("building vector_add.cl failed:\n") + qs(build.message());
    const Kernel kernel(program, kKernelName);
    const Buffer bufferA(context, CL_MEM_READ_ONLY, bytes);
    const Buffer bufferB(context, CL_MEM_READ_ONLY, bytes);
    const Buffer bufferC(context, CL_MEM_WRITE_ONLY, bytes);
    queue.write(bufferA, 0, bytes, a.data());
    queue.write(bufferB, 0, bytes, b.data());
    kernel.setArgs(bufferA, bufferB, bufferC);
    queue.ndRange(kernel, NDRange(kCount));
    c.assign(kCount, 0.0f);
    queue.read(bufferC, 0, bytes, c.data()); // blocking: the kernel ran once this returns
    return {};
}

} // namespace

QString sampleKernelSource() {
    QFile file(QStringLiteral(":/samples/vector_add.cl"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

int runSampleCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    QString deviceName;
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QString& option = options[i];
        if (option == QLatin1String("--device") && i + 1 < options.size()) {
            deviceName = options[++i];
        } else if (option.startsWith(QLatin1String("--device="))) {
            deviceName = option.mid(9);
        } else {
            err << "clworkbench sample: unknown or incomplete option '" << option
                << "' (see clworkbench --help)\n";
            return kExitUsage;
        }
    }
    const QString source = sampleKernelSource();
    if (source.isEmpty()) {
        err << "clworkbench sample: the embedded sample kernel :/samples/vector_add.cl is missing "
               "(a broken build)\n";
        return kExitFailure;
    }
    try {
        const std::optional<engine::Device> device = engine::findDevice(deviceName.toStdString());
        if (!device) {
            if (deviceName.isEmpty())
                err << "clworkbench sample: no OpenCL device found. Run scripts/setup to install "
                       "PoCL (pocl-opencl-icd).\n";
            else
                err << "clworkbench sample: no OpenCL device matches '" << deviceName
                    << "'; `clworkbench devices` lists them.\n";
            return kExitFailure;
        }
        out << "Device: " << qs(device->name()) << " (" << qs(device->platform().name()) << ")\n";
        out << "Kernel: vector_add.cl, c[i] = a[i] + b[i] with a[i] = i, b[i] = 2*i, " << kCount
            << " work-items\n";
        std::vector<float> c;
        if (const QString failure = runOnDevice(*device, source, c); !failure.isEmpty()) {
            err << "clworkbench sample: " << failure << '\n';
            return kExitFailure;
        }
        QStringList values;
        for (float value : c)
            values << QString::number(double(value));
        out << "c = " << values.join(QLatin1Char(' ')) << '\n';
        for (size_t i = 0; i < kCount; ++i) {
            if (c[i] != float(3 * i)) {
                err << "clworkbench sample: wrong result c[" << i << "] = " << c[i] << ", expected "
                    << 3 * i << '\n';
                return kExitFailure;
            }
        }
        return kExitOk;
    } catch (const engine::ClError& error) {
        err << "clworkbench sample: " << qs(error.what()) << '\n';
    } catch (const std::exception& error) {
        err << "clworkbench sample: " << error.what() << '\n';
    }
    return kExitFailure;
}

} // namespace clw::app
