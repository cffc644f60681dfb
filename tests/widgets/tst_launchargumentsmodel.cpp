// The launch panel's arguments model without a device (issue 9): one row per kernel parameter
// read from source, every kind of argument edited under QAbstractItemModelTester, invalid text
// refused with the reason, missing arguments shown as not set, and the launch written back
// padded to the signature.
#include "models/ArgumentRules.h"
#include "models/BufferShapeText.h"
#include "models/LaunchArgumentsModel.h"
#include "models/SizeText.h"

#include "clw/engine/launch/SourceSignatures.h"
#include "clw/engine/session/SessionFile.h"

#include <QDir>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace clw::ui;
using clw::engine::SessionArgument;

Q_DECLARE_METATYPE(clw::engine::SessionLaunch)

namespace {

const char* const kSource = R"(
typedef struct { float x; int n; } Pair;
typedef struct { char low; char high __attribute__((aligned(8))); } Nibbles;
__kernel void all(__global const float* a, __global float4* b, __constant int* c,
                  __local float* tile, uint n, float4 scale, float3 shift,
                  __read_only image2d_t src, sampler_t smp, __global void* raw, Pair p,
                  Nibbles bits) {}
)";

enum Row { A, B, C, Tile, N, Scale, Shift, Src, Smp, Raw, P, Bits, RowCount };

clw::engine::KernelSignature signature() {
    const auto kernels = clw::engine::parseKernelSignatures(kSource, "all.cl");
    return kernels.at(0);
}

clw::engine::SessionBuffer buffer(const char* name, const char* type, bool image = false) {
    clw::engine::SessionBuffer b;
    b.name = name;
    b.elementType = type;
    b.shape = {64};
    if (image)
        b.image = clw::engine::SessionBuffer::Image{};
    return b;
}

std::vector<clw::engine::SessionBuffer> buffers() {
    return {buffer("a", "float"), buffer("b", "float4"), buffer("c", "int"), buffer("u", "uint"),
            buffer("img", "uchar4", true)};
}

// A launch that binds the first two arguments only.
clw::engine::SessionLaunch partialLaunch() {
    clw::engine::SessionLaunch launch;
    launch.name = "all";
    launch.kernel = "all";
    SessionArgument a;
    a.kind = SessionArgument::Kind::Buffer;
    a.buffer = "a";
    SessionArgument b = a;
    b.buffer = "b";
    launch.arguments = {a, b};
    launch.global = {64};
    return launch;
}

} // namespace

class LaunchArgumentsModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsFollowTheSignature();
    void missingArgumentsAreNotSet();
    void buffersFitByElementType();
    void bufferEdits();
    void scalarEdits();
    void vectorEdits();
    void localSamplerAndUnsupported();
    void structEdits();
    void enumsTakeNames();
    void storedProblemsAreShown();
    void setLaunchUpdatesInPlace();
    void withoutSignatureTheLaunchDecides();
    void samplesBindCleanly();
    void sizeText();
    void bufferShapesSayBothOrders();
};

void LaunchArgumentsModelTest::rowsFollowTheSignature() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    QCOMPARE(model.rowCount(), int(RowCount));
    QCOMPARE(model.columnCount(), int(LaunchArgumentsModel::ColumnCount));
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(A, LaunchArgumentsModel::DeclarationColumn),
             QStringLiteral("__global const float *a"));
    QCOMPARE(text(A, LaunchArgumentsModel::KindColumn), QStringLiteral("buffer of float"));
    QCOMPARE(text(C, LaunchArgumentsModel::KindColumn), QStringLiteral("constant buffer of int"));
    QCOMPARE(text(Tile, LaunchArgumentsModel::KindColumn), QStringLiteral("local memory of float"));
    QCOMPARE(text(N, LaunchArgumentsModel::KindColumn), QStringLiteral("scalar uint"));
    QCOMPARE(text(Scale, LaunchArgumentsModel::KindColumn), QStringLiteral("vector float4"));
    QCOMPARE(text(Src, LaunchArgumentsModel::KindColumn), QStringLiteral("image (image2d_t)"));
    QCOMPARE(text(Smp, LaunchArgumentsModel::KindColumn), QStringLiteral("sampler"));

    auto editor = [&](int row) {
        return ArgumentEditor(model.index(row, LaunchArgumentsModel::ValueColumn)
                                  .data(LaunchArgumentsModel::EditorRole)
                                  .toInt());
    };
    QCOMPARE(editor(A), ArgumentEditor::Buffer);
    QCOMPARE(editor(Tile), ArgumentEditor::Local);
    QCOMPARE(editor(N), ArgumentEditor::Scalar);
    QCOMPARE(editor(Scale), ArgumentEditor::Vector);
    QCOMPARE(editor(Src), ArgumentEditor::Image);
    QCOMPARE(editor(Smp), ArgumentEditor::Sampler);
    QCOMPARE(editor(P), ArgumentEditor::Struct);
    QCOMPARE(editor(Bits), ArgumentEditor::Unsupported); // a member attribute: no layout
    QVERIFY(model.flags(model.index(A, LaunchArgumentsModel::ValueColumn)) & Qt::ItemIsEditable);
    QVERIFY(
        !(model.flags(model.index(A, LaunchArgumentsModel::StatusColumn)) & Qt::ItemIsEditable));
    QVERIFY(model.flags(model.index(P, LaunchArgumentsModel::ValueColumn)) & Qt::ItemIsEditable);
    QVERIFY(
        !(model.flags(model.index(Bits, LaunchArgumentsModel::ValueColumn)) & Qt::ItemIsEditable));
    QCOMPARE(text(P, LaunchArgumentsModel::KindColumn), QStringLiteral("struct of 8 bytes"));
    QCOMPARE(model.index(B, 0).data(LaunchArgumentsModel::ElementTypeRole).toString(),
             QStringLiteral("float4"));
    QCOMPARE(model.index(Shift, 0).data(LaunchArgumentsModel::VectorWidthRole).toInt(), 3);
}

void LaunchArgumentsModelTest::missingArgumentsAreNotSet() {
    LaunchArgumentsModel model;
    model.setContext(signature(), partialLaunch(), buffers());
    const QModelIndex value = model.index(N, LaunchArgumentsModel::ValueColumn);
    QCOMPARE(value.data().toString(), QStringLiteral("not set"));
    QVERIFY(!value.data(LaunchArgumentsModel::IsSetRole).toBool());
    QCOMPARE(model.index(N, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("not set"));
    QCOMPARE(model.index(A, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
    QVERIFY(model.index(A, LaunchArgumentsModel::ValueColumn)
                .data(LaunchArgumentsModel::IsSetRole)
                .toBool());
    // Nine rows miss a value (the struct too), one cannot be bound from the panel (a
    // struct the engine cannot lay out).
    const QStringList problems = model.problems();
    QCOMPARE(problems.size(), 10);
    QVERIFY2(problems.first().startsWith(QStringLiteral("argument 2 '__constant int *c'")),
             qPrintable(problems.first()));
}

void LaunchArgumentsModelTest::buffersFitByElementType() {
    LaunchArgumentsModel model;
    model.setContext(signature(), partialLaunch(), buffers());
    auto fitting = [&](int row) {
        return model.index(row, LaunchArgumentsModel::ValueColumn)
            .data(LaunchArgumentsModel::FittingBuffersRole)
            .toStringList();
    };
    QCOMPARE(fitting(A), QStringList{QStringLiteral("a")});
    QCOMPARE(fitting(B), QStringList{QStringLiteral("b")});
    QCOMPARE(fitting(C), QStringList{QStringLiteral("c")});
    QCOMPARE(fitting(Src), QStringList{QStringLiteral("img")});
    // A void pointer takes any buffer, but no image.
    QCOMPARE(fitting(Raw), (QStringList{QStringLiteral("a"), QStringLiteral("b"),
                                        QStringLiteral("c"), QStringLiteral("u")}));
    QVERIFY(model.index(A, 2).data(LaunchArgumentsModel::AllowsNullRole).toBool());
    QVERIFY(!model.index(Src, 2).data(LaunchArgumentsModel::AllowsNullRole).toBool());
}

void LaunchArgumentsModelTest::bufferEdits() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    QSignalSpy edited(&model, &LaunchArgumentsModel::launchEdited);
    QSignalSpy refused(&model, &LaunchArgumentsModel::editRefused);
    const QModelIndex a = model.index(A, LaunchArgumentsModel::ValueColumn);

    // An image for a buffer pointer: refused, and the row says why.
    QVERIFY(!model.setData(a, QStringLiteral("img")));
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused.at(0).at(0).toInt(), int(A));
    const QString reason = refused.at(0).at(1).toString();
    QVERIFY2(reason.contains(QStringLiteral("'img' is an image")), qPrintable(reason));
    QCOMPARE(a.data(LaunchArgumentsModel::ProblemRole).toString(), reason);
    QCOMPARE(a.data(Qt::ToolTipRole).toString(), reason);
    QVERIFY(model.index(A, LaunchArgumentsModel::StatusColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("refused: ")));
    QCOMPARE(model.launch().arguments.at(0).buffer, std::string("a")); // unchanged
    QVERIFY(edited.isEmpty());

    // A float4 buffer for a float pointer: bound, with a warning that says what the kernel reads.
    QVERIFY(model.setData(a, QStringLiteral("b")));
    QCOMPARE(model.launch().arguments.at(0).buffer, std::string("b"));
    QVERIFY(a.data(LaunchArgumentsModel::ProblemRole).toString().isEmpty());
    const QString warning = a.data(LaunchArgumentsModel::WarningRole).toString();
    QCOMPARE(warning, QStringLiteral("'b' holds float4, the kernel reads float: it runs, the bytes "
                                     "read as the kernel's type"));
    QCOMPARE(model.index(A, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("warning: ") + warning);
    // The tooltip says the warning, then the buffer's shape in the session's and numpy's order.
    QCOMPARE(a.data(Qt::ToolTipRole).toString(),
             warning + QStringLiteral("\n'b': 64 float4; numpy shape (64, 4)"));
    QCOMPARE(a.data(LaunchArgumentsModel::OtherBuffersRole).toStringList(),
             (QStringList{QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("u")}));
    QVERIFY(model.problems().filter(QStringLiteral("argument 0")).isEmpty());
    edited.clear();

    QVERIFY(!model.setData(a, QStringLiteral("nope")));
    QVERIFY(refused.last().at(1).toString().contains(QStringLiteral("no buffer named 'nope'")));

    // A fitting buffer: accepted, the refusal gone, the launch padded to the signature.
    QVERIFY(model.setData(model.index(C, LaunchArgumentsModel::ValueColumn), QStringLiteral("c")));
    QCOMPARE(edited.size(), 1);
    const auto launch = edited.at(0).at(0).value<clw::engine::SessionLaunch>();
    QCOMPARE(launch.arguments.size(), size_t(RowCount));
    QCOMPARE(launch.arguments[C].buffer, std::string("c"));
    QCOMPARE(launch.arguments[N].kind, SessionArgument::Kind::Scalar);
    QCOMPARE(launch.arguments[Tile].kind, SessionArgument::Kind::Local);
    QCOMPARE(launch.arguments[Smp].kind, SessionArgument::Kind::Sampler);
    QVERIFY(!isArgumentSet(launch.arguments[N]));
    QCOMPARE(model.launch(), launch);

    QVERIFY(model.setData(a, QStringLiteral("a")));
    QVERIFY(a.data(LaunchArgumentsModel::ProblemRole).toString().isEmpty());
    QVERIFY(a.data(LaunchArgumentsModel::WarningRole).toString().isEmpty());

    // NULL for a global pointer; never for an image.
    QVERIFY(model.setData(model.index(Raw, 2), QStringLiteral("null")));
    QCOMPARE(model.launch().arguments[Raw].kind, SessionArgument::Kind::Null);
    QCOMPARE(model.index(Raw, 2).data().toString(), QStringLiteral("NULL"));
    QVERIFY(!model.setData(model.index(Src, 2), QStringLiteral("NULL")));
    QVERIFY(!model.setData(model.index(Src, 2), QStringLiteral("a")));
    QVERIFY(model.setData(model.index(Src, 2), QStringLiteral("img")));
    QCOMPARE(model.index(Src, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
}

void LaunchArgumentsModelTest::scalarEdits() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    const QModelIndex n = model.index(N, LaunchArgumentsModel::ValueColumn);
    QVERIFY(!model.setData(n, QStringLiteral("-1")));
    QVERIFY2(
        n.data(LaunchArgumentsModel::ProblemRole).toString().contains(QStringLiteral("negative")),
        qPrintable(n.data(LaunchArgumentsModel::ProblemRole).toString()));
    QVERIFY(!model.setData(n, QStringLiteral("abc")));
    QVERIFY(n.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("not an integer")));
    QVERIFY(!model.setData(n, QStringLiteral("4294967296")));
    QVERIFY(!model.setData(n, QString()));
    QVERIFY(model.setData(n, QStringLiteral(" 0x10 ")));
    QCOMPARE(model.launch().arguments[N].value, std::string("0x10"));
    QVERIFY(model.setData(n, 1024));
    QCOMPARE(n.data().toString(), QStringLiteral("1024"));
    QCOMPARE(n.data(Qt::EditRole).toString(), QStringLiteral("1024"));
    QCOMPARE(model.index(N, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
    // Only the value column is edited.
    QVERIFY(!model.setData(model.index(N, LaunchArgumentsModel::DeclarationColumn),
                           QStringLiteral("5")));
}

void LaunchArgumentsModelTest::vectorEdits() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    const QModelIndex scale = model.index(Scale, LaunchArgumentsModel::ValueColumn);
    // Three components for a float4 are wrong: a float4 takes exactly four.
    QVERIFY(!model.setData(scale, QStringLiteral("1, 2, 3")));
    QCOMPARE(scale.data(LaunchArgumentsModel::ProblemRole).toString(),
             QStringLiteral("float4 takes 4 values separated by commas, or one for every "
                            "component; '1, 2, 3' has 3"));
    QVERIFY(!model.setData(scale, QStringLiteral("1, 2, 3, 4, 5")));
    // One value sets every component, as the engine reads it.
    QVERIFY(model.setData(scale, QStringLiteral("2")));
    QCOMPARE(model.launch().arguments[Scale].value, std::string("2"));
    QVERIFY(!model.setData(scale, QStringLiteral("two")));
    QVERIFY(scale.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("not a number")));
    QVERIFY(!model.setData(scale, QStringLiteral("1, 2, 1e39, 4")));
    QVERIFY(scale.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .startsWith(QStringLiteral("component 3 (z): ")));
    QVERIFY(model.setData(scale, QStringLiteral("1,2 , 3,0.5")));
    QCOMPARE(model.launch().arguments[Scale].value, std::string("1, 2, 3, 0.5"));

    // A float3 takes three.
    const QModelIndex shift = model.index(Shift, LaunchArgumentsModel::ValueColumn);
    QVERIFY(model.setData(shift, QStringLiteral("1, 2, 3")));
    QVERIFY(!model.setData(shift, QStringLiteral("1, x, 3")));
    QVERIFY(shift.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .startsWith(QStringLiteral("component 2 (y): ")));
    QCOMPARE(model.launch().arguments[Shift].value, std::string("1, 2, 3"));

    QVERIFY(
        valueProblem(clw::engine::ScalarType::Float, 4, QStringLiteral("1, 2, 3, 4")).isEmpty());
    QVERIFY(!valueProblem(clw::engine::ScalarType::UChar, 1, QStringLiteral("300")).isEmpty());
    QVERIFY(valueProblem(clw::engine::ScalarType::SizeT, 1, QStringLiteral("4096")).isEmpty());
}

void LaunchArgumentsModelTest::localSamplerAndUnsupported() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    const QModelIndex tile = model.index(Tile, LaunchArgumentsModel::ValueColumn);
    QCOMPARE(tile.data(Qt::EditRole).toULongLong(), 0ULL);
    QVERIFY(!model.setData(tile, 0));
    QVERIFY(tile.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("at least 1 byte")));
    QVERIFY(!model.setData(tile, QStringLiteral("lots")));
    QVERIFY(model.setData(tile, qulonglong(256)));
    QCOMPARE(tile.data().toString(), QStringLiteral("256 bytes"));
    QCOMPARE(tile.data(Qt::EditRole).toULongLong(), 256ULL);
    QCOMPARE(model.localArgumentBytes(), std::uint64_t(256));
    QVERIFY(model.setData(tile, QStringLiteral("512 bytes")));
    QCOMPARE(model.localArgumentBytes(), std::uint64_t(512));

    const QModelIndex smp = model.index(Smp, LaunchArgumentsModel::ValueColumn);
    QCOMPARE(smp.data(Qt::EditRole).toString(), defaultSamplerText());
    QVERIFY(!model.setData(smp, QStringLiteral("normalized=maybe addressing=clamp filter=linear")));
    QVERIFY(smp.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("normalized is one of true, false")));
    QVERIFY(!model.setData(smp, QStringLiteral("normalized=true wrap=repeat")));
    QVERIFY(smp.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("'wrap=repeat' is not a sampler setting")));
    // A word left out keeps its default, as the engine reads it.
    QVERIFY(model.setData(smp, QStringLiteral("normalized=true filter=linear")));
    QVERIFY(model.setData(smp, QString()));
    QCOMPARE(model.launch().arguments[Smp].sampler, defaultSamplerText().toStdString());
    QVERIFY(model.setData(smp, QStringLiteral("filter=linear  normalized=true addressing=repeat")));
    QCOMPARE(model.launch().arguments[Smp].sampler,
             std::string("filter=linear normalized=true addressing=repeat"));

    // A struct the engine cannot lay out is not bound from the panel, and says so.
    const QModelIndex bits = model.index(Bits, LaunchArgumentsModel::ValueColumn);
    QVERIFY(!model.setData(bits, QStringLiteral("low = 1")));
    QVERIFY(model.index(Bits, LaunchArgumentsModel::StatusColumn)
                .data()
                .toString()
                .contains(QStringLiteral("cannot be bound")));
}

void LaunchArgumentsModelTest::enumsTakeNames() {
    const auto kernels = clw::engine::parseKernelSignatures(
        "typedef enum { SLOW = 1, FAST = 4 } Speed;\nkernel void go(Speed s) {}\n", "go.cl");
    LaunchArgumentsModel model;
    model.setContext(kernels.at(0), {}, {});
    const QModelIndex s = model.index(0, LaunchArgumentsModel::ValueColumn);
    QVERIFY(model.setData(s, QStringLiteral("FAST")));
    QCOMPARE(model.launch().arguments[0].value, std::string("FAST"));
    QCOMPARE(model.index(0, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));
    QVERIFY(model.setData(s, QStringLiteral("2")));
    QVERIFY(!model.setData(s, QStringLiteral("MEDIUM")));
}

void LaunchArgumentsModelTest::structEdits() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    const QModelIndex p = model.index(P, LaunchArgumentsModel::ValueColumn);
    QCOMPARE(p.data().toString(), QStringLiteral("not set"));
    const QVariantList fields = p.data(LaunchArgumentsModel::StructFieldsRole).toList();
    QCOMPARE(fields.size(), 2);
    QCOMPARE(fields[1].toMap()[QStringLiteral("path")].toString(), QStringLiteral("n"));
    QCOMPARE(fields[1].toMap()[QStringLiteral("type")].toString(), QStringLiteral("int"));

    // The group editor gives a value per field; an empty one is left out (zero).
    QVERIFY(model.setData(p, QVariantMap{{QStringLiteral("x"), QStringLiteral(" 1.5")},
                                         {QStringLiteral("n"), QString()}}));
    const SessionArgument& bound = model.launch().arguments[P];
    QCOMPARE(bound.kind, SessionArgument::Kind::Struct);
    QCOMPARE(bound.fields.size(), size_t(1));
    QCOMPARE(bound.fields[0].path, std::string("x"));
    QCOMPARE(bound.fields[0].value, std::string("1.5"));
    QCOMPARE(p.data().toString(), QStringLiteral("x = 1.5"));
    QCOMPARE(model.index(P, LaunchArgumentsModel::StatusColumn).data().toString(),
             QStringLiteral("ok"));

    // One line of text works too; what is wrong names the field.
    QVERIFY(!model.setData(p, QStringLiteral("x = 2; q = 1")));
    QVERIFY2(p.data(LaunchArgumentsModel::ProblemRole)
                 .toString()
                 .contains(QStringLiteral("has no field 'q'; its fields are x (float), n (int)")),
             qPrintable(p.data(LaunchArgumentsModel::ProblemRole).toString()));
    QVERIFY(!model.setData(p, QStringLiteral("x = 2; n = 3.5")));
    QVERIFY(p.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .startsWith(QStringLiteral("field 'n': ")));
    QVERIFY(!model.setData(p, QStringLiteral("x 2")));
    QVERIFY(p.data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("is not 'field = value'")));
    QVERIFY(model.setData(p, QStringLiteral("x = 2; n = 7")));
    QCOMPARE(p.data(Qt::EditRole).toString(), QStringLiteral("x = 2; n = 7"));
    QCOMPARE(p.data(LaunchArgumentsModel::StructFieldsRole)
                 .toList()[1]
                 .toMap()[QStringLiteral("value")]
                 .toString(),
             QStringLiteral("7"));

    // No field at all unbinds.
    QVERIFY(model.setData(p, QVariantMap{}));
    QCOMPARE(p.data().toString(), QStringLiteral("not set"));
}

void LaunchArgumentsModelTest::storedProblemsAreShown() {
    // As a session file can have them: a value for a pointer, a missing buffer, a bad value.
    clw::engine::SessionLaunch launch = partialLaunch();
    launch.arguments[A].kind = SessionArgument::Kind::Scalar;
    launch.arguments[A].value = "3";
    launch.arguments[B].buffer = "gone";
    SessionArgument c;
    c.kind = SessionArgument::Kind::Buffer;
    c.buffer = "u"; // a uint buffer for an int pointer
    SessionArgument tile;
    tile.kind = SessionArgument::Kind::Local;
    tile.localBytes = 64;
    SessionArgument n;
    n.kind = SessionArgument::Kind::Scalar;
    n.value = "1.5";
    launch.arguments.push_back(c);
    launch.arguments.push_back(tile);
    launch.arguments.push_back(n);
    LaunchArgumentsModel model;
    model.setContext(signature(), launch, buffers());
    auto status = [&](int row) {
        return model.index(row, LaunchArgumentsModel::StatusColumn).data().toString();
    };
    QCOMPARE(status(A), QStringLiteral("a value is bound; the parameter takes a buffer"));
    QCOMPARE(status(B), QStringLiteral("no buffer named 'gone' in the session"));
    QCOMPARE(status(C), QStringLiteral("warning: 'u' holds uint, the kernel reads int: it runs, "
                                       "the bytes read as the kernel's type"));
    QCOMPARE(status(Tile), QStringLiteral("ok"));
    QVERIFY2(status(N).contains(QStringLiteral("not an integer")), qPrintable(status(N)));
}

void LaunchArgumentsModelTest::setLaunchUpdatesInPlace() {
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(signature(), partialLaunch(), buffers());
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    clw::engine::SessionLaunch launch = partialLaunch();
    launch.arguments[B].buffer = "u";
    model.setLaunch(launch);
    QCOMPARE(resets.size(), 0);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), int(B));
    QCOMPARE(changed.at(0).at(1).toModelIndex().row(), int(B));
    model.setLaunch(launch); // the same launch: nothing to say
    QCOMPARE(changed.size(), 1);

    // A new buffer changes what fits and the statuses.
    std::vector<clw::engine::SessionBuffer> more = buffers();
    more.push_back(buffer("a2", "float"));
    model.setBuffers(more);
    QCOMPARE(changed.size(), 2);
    QCOMPARE(model.index(A, 2).data(LaunchArgumentsModel::FittingBuffersRole).toStringList(),
             (QStringList{QStringLiteral("a"), QStringLiteral("a2")}));
    QCOMPARE(resets.size(), 0);
}

void LaunchArgumentsModelTest::withoutSignatureTheLaunchDecides() {
    clw::engine::SessionLaunch launch = partialLaunch();
    SessionArgument n;
    n.kind = SessionArgument::Kind::Scalar;
    n.value = "7";
    launch.arguments.push_back(n);
    LaunchArgumentsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContext(std::nullopt, launch, buffers());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("argument 2"));
    QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("a value"));
    QVERIFY(model.setData(model.index(2, 2), QStringLiteral("8")));
    QVERIFY(!model.setData(model.index(2, 2), QString()));
    QVERIFY(model.setData(model.index(0, 2), QStringLiteral("u")));
    QVERIFY(!model.setData(model.index(0, 2), QStringLiteral("gone")));
    QVERIFY(model.problems().isEmpty());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void LaunchArgumentsModelTest::samplesBindCleanly() {
    // The sample sessions bind every argument as the panel's rules want (the rules are no
    // stricter than the engine that runs them).
    const QDir samples(QDir(qEnvironmentVariable("CLW_TEST_DATA"))
                           .filePath(QStringLiteral("../../resources/samples")));
    const QStringList files = samples.entryList({QStringLiteral("*.clwb")}, QDir::Files);
    QVERIFY2(files.size() >= 5, qPrintable(samples.absolutePath()));
    for (const QString& file : files) {
        const clw::engine::Session session =
            clw::engine::SessionFile::read(samples.filePath(file).toStdString()).session;
        const auto kernels = clw::engine::signaturesFromSource(session.sources, session.options);
        QVERIFY(!session.launches.empty());
        for (const clw::engine::SessionLaunch& launch : session.launches) {
            const auto kernel =
                std::find_if(kernels.begin(), kernels.end(), [&](const auto& signature) {
                    return signature.name == launch.kernel;
                });
            QVERIFY2(kernel != kernels.end(), qPrintable(file));
            LaunchArgumentsModel model;
            model.setContext(*kernel, launch, session.buffers);
            QVERIFY2(model.problems().isEmpty(),
                     qPrintable(file + QStringLiteral(": ") +
                                model.problems().join(QStringLiteral("; "))));
        }
    }
}

void LaunchArgumentsModelTest::bufferShapesSayBothOrders() {
    clw::engine::SessionBuffer m = buffer("m", "float");
    m.shape = {5, 3};
    QCOMPARE(bufferShapeText(m),
             QStringLiteral("'m': 5 x 3 float (width x height); numpy shape (3, 5)"));
    clw::engine::SessionBuffer v = buffer("v", "float4");
    v.shape = {4, 3, 2};
    QCOMPARE(bufferShapeText(v),
             QStringLiteral("'v': 4 x 3 x 2 float4 (width x height x depth); numpy shape "
                            "(2, 3, 4, 4)"));
    v.shape = {1024};
    QCOMPARE(bufferShapeText(v), QStringLiteral("'v': 1024 float4; numpy shape (1024, 4)"));
    m.shape = {7};
    QCOMPARE(bufferShapeText(m), QStringLiteral("'m': 7 float; numpy shape (7,)"));
    m.elementType = "no_such_type";
    QCOMPARE(bufferShapeText(m), QStringLiteral("'m': 7 no_such_type"));

    // The launch panel's value column shows it for a bound buffer.
    LaunchArgumentsModel model;
    std::vector<clw::engine::SessionBuffer> session = buffers();
    session[0].shape = {5, 3};
    model.setContext(signature(), partialLaunch(), session);
    QCOMPARE(model.index(A, LaunchArgumentsModel::ValueColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("'a': 5 x 3 float (width x height); numpy shape (3, 5)"));
}

void LaunchArgumentsModelTest::sizeText() {
    QString error;
    QCOMPARE(parseSizes(QStringLiteral("1024"), &error), std::vector<std::uint64_t>{1024});
    QCOMPARE(parseSizes(QStringLiteral("16 x 16"), &error), (std::vector<std::uint64_t>{16, 16}));
    QCOMPARE(parseSizes(QStringLiteral(" 8, 4,2 "), &error), (std::vector<std::uint64_t>{8, 4, 2}));
    QCOMPARE(parseSizes(QString(), &error), std::vector<std::uint64_t>{});
    QVERIFY(!parseSizes(QStringLiteral("1, 2, 3, 4"), &error));
    QVERIFY(error.contains(QStringLiteral("1 to 3")));
    QVERIFY(!parseSizes(QStringLiteral("64, abc"), &error));
    QVERIFY(error.contains(QStringLiteral("'abc'")));
    QVERIFY(!parseSizes(QStringLiteral("0"), &error));
    QCOMPARE(parseSizes(QStringLiteral("0, 0"), &error, true), (std::vector<std::uint64_t>{0, 0}));
    QCOMPARE(sizesText({64, 8}), QStringLiteral("64, 8"));
}

QTEST_GUILESS_MAIN(LaunchArgumentsModelTest)
#include "tst_launchargumentsmodel.moc"
