#include "cli/RunPrinter.h"

#include "bridge/ExpectedResults.h"

#include "clw/engine/session/NpyFile.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <filesystem>

namespace clw::app {

namespace {

// Microseconds with one decimal: "12.3".
QString micros(double nanoseconds) {
    return QString::number(nanoseconds / 1000.0, 'f', 1);
}

QString sizes(const std::vector<std::uint64_t>& range) {
    QStringList parts;
    for (std::uint64_t size : range)
        parts << QString::number(size);
    return parts.isEmpty() ? QStringLiteral("driver's choice") : parts.join(QLatin1Char('x'));
}

QString arrayText(const engine::NpyArray& array) {
    QStringList axes;
    for (size_t axis : array.shape)
        axes << QString::number(axis);
    return QString::fromLatin1(engine::npyTypeName(array.type)) + QStringLiteral(" (") +
           axes.join(QStringLiteral(", ")) + QLatin1Char(')');
}

// Min, median and max as LaunchResult and RunRecord both take them.
double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

} // namespace

RunPrinter::RunPrinter(QTextStream& out, QTextStream& err, QString outDir)
    : m_out(out)
    , m_err(err)
    , m_outDir(std::move(outDir)) {}

bool RunPrinter::prepareOutputFolder() {
    if (m_outDir.isEmpty())
        return true;
    if (!QDir().mkpath(m_outDir) || !QFileInfo(m_outDir).isDir()) {
        m_err << "clworkbench run: cannot create the output folder " << m_outDir << "\n";
        return false;
    }
    if (!QFileInfo(m_outDir).isWritable()) {
        m_err << "clworkbench run: the output folder " << m_outDir << " is not writable\n";
        return false;
    }
    return true;
}

void RunPrinter::header(const QString& title, const QString& device, const QString& platform) {
    m_out << "session: " << title << "\n";
    m_out << "device: " << device << " (" << platform << ")\n";
    // In this process a kernel's printf goes straight to standard output while it runs: after
    // these lines, not before them.
    m_out.flush();
}

void RunPrinter::warning(const QString& text) {
    m_err << "warning: " << text << "\n";
}

void RunPrinter::build(double totalMs, bool fromCache) {
    m_out << "build: " << QString::number(totalMs, 'f', 1) << " ms"
          << (fromCache ? " (from the cache)" : "") << "\n";
}

void RunPrinter::launch(const QString& name, const std::vector<double>& durationsNs,
                        const std::vector<std::uint64_t>& global,
                        const std::vector<std::uint64_t>& local) {
    const size_t runs = durationsNs.size();
    m_out << "launch " << name << ": " << runs << (runs == 1 ? " run" : " runs");
    if (runs > 0) {
        const auto [least, most] = std::minmax_element(durationsNs.begin(), durationsNs.end());
        m_out << QStringLiteral(", min %1 µs, median %2 µs, max %3 µs")
                     .arg(micros(*least), micros(median(durationsNs)), micros(*most));
    }
    m_out << " (global " << sizes(global) << ", local " << sizes(local) << ")\n";
}

void RunPrinter::printed(const QString& text) {
    if (text.isEmpty())
        return;
    m_out << text;
    if (!text.endsWith(QLatin1Char('\n')))
        m_out << "\n";
}

void RunPrinter::output(const std::string& name, const engine::NpyArray& array) {
    const QString bufferName = QString::fromStdString(name);
    m_out << "output " << bufferName << ": " << arrayText(array);
    if (!m_outDir.isEmpty()) {
        const QString path = QDir(m_outDir).filePath(bufferName + QStringLiteral(".npy"));
        engine::NpyFile::write(std::filesystem::path(path.toStdU16String()), array);
        m_out << " -> " << QDir::toNativeSeparators(path);
    }
    m_out << "\n";
}

bool RunPrinter::expectations(const std::vector<engine::BufferComparison>& comparisons) {
    bool within = true;
    for (const engine::BufferComparison& buffer : comparisons) {
        m_out << ui::ExpectedResults::describe(buffer) << "\n";
        within = within && buffer.status == engine::BufferComparison::Status::Within;
    }
    return within;
}

void RunPrinter::finish(bool hadOutputs) {
    if (m_outDir.isEmpty() && hadOutputs)
        m_out << "(--out DIR writes the outputs as DIR/<buffer>.npy)\n";
}

void RunPrinter::fail(const QString& message) {
    m_out.flush();
    m_err << "clworkbench run: " << message << "\n";
}

} // namespace clw::app
