#include "bridge/ExpectedResults.h"

#include "bridge/HostBufferSource.h"

#include "clw/engine/session/ExpectedOutputs.h"
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionResources.h"

#include <vector>

namespace clw::ui {

namespace {

std::vector<unsigned char> readAll(const BufferSource& source) {
    std::vector<unsigned char> bytes(source.size());
    source.read(0, bytes);
    return bytes;
}

} // namespace

ExpectedResults
ExpectedResults::compare(const engine::Session& session, const std::filesystem::path& folder,
                         const std::map<QString, std::shared_ptr<BufferSource>>& outputs) {
    ExpectedResults results;
    engine::RunOutputs ran;
    for (const engine::SessionBuffer& buffer : session.buffers) {
        if (buffer.expected.empty())
            continue;
        const QString name = QString::fromStdString(buffer.name);
        if (const auto output = outputs.find(name); output != outputs.end())
            ran.emplace_back(buffer.name,
                             engine::SessionResources::toArray(buffer, readAll(*output->second)));
        try {
            engine::NpyArray expected = engine::NpyFile::read(folder / buffer.expected);
            results.sources[name] = std::make_shared<HostBufferSource>(
                std::move(expected.data), buffer.expected + " (the captured result)");
        } catch (const std::exception&) {
            // ExpectedOutputs says why the file does not read.
        }
    }
    try {
        for (const engine::BufferComparison& comparison :
             engine::ExpectedOutputs::compare(session, folder, ran)) {
            results.lines << describe(comparison);
            results.allEqual =
                results.allEqual && comparison.status == engine::BufferComparison::Status::Within;
        }
    } catch (const std::exception& error) { // a tolerance that does not read
        results.lines << QStringLiteral("expected results not compared: %1")
                             .arg(QString::fromUtf8(error.what()));
        results.allEqual = false;
    }
    return results;
}

QString ExpectedResults::describe(const engine::BufferComparison& comparison) {
    const QString name = QString::fromStdString(comparison.name);
    const QString tolerance = QString::fromStdString(comparison.tolerance.text());
    switch (comparison.status) {
    case engine::BufferComparison::Status::Within:
        return QStringLiteral("expected %1: equals the captured result (%2 elements, %3)")
            .arg(name)
            .arg(comparison.compared)
            .arg(tolerance == QLatin1String("exact") ? QStringLiteral("bit for bit") : tolerance);
    case engine::BufferComparison::Status::Differs: {
        QString line = QStringLiteral("expected %1: DIFFERS from the captured result in %2 of %3 "
                                      "elements (%4)")
                           .arg(name)
                           .arg(comparison.differing)
                           .arg(comparison.compared)
                           .arg(tolerance);
        if (!comparison.firstDifferences.empty()) {
            const engine::DifferingElement& first = comparison.firstDifferences.front();
            line += QStringLiteral("; first at %1: %2 against %3")
                        .arg(first.index)
                        .arg(QString::fromStdString(first.a), QString::fromStdString(first.b));
        }
        return line;
    }
    default:
        return QStringLiteral("expected %1: not compared: %2")
            .arg(name, QString::fromStdString(comparison.problem));
    }
}

} // namespace clw::ui
