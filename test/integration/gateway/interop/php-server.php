<?php
// Interop: PHP's own SoapServer, loading our WSDL, answers our client. It echoes every field it
// decoded (so the test sees what PHP understood) and adds the result fields; a lookup echoes too.
// Run with: POS_WSDL=/path/to.wsdl php -S 127.0.0.1:PORT php-server.php
class Gateway {
    private function answer($source, bool $check) {
        $result = clone $source;
        $result->Password = '';
        $result->Transaction_Error = false;
        $result->Transaction_Approved = true;
        $result->Gateway_Resp_Code = '00';
        $result->Gateway_Message = 'Transaction Normal';
        $result->Bank_Resp_Code = '100';
        $result->Bank_Message = 'Approved';
        $result->SequenceNo = '000001';
        $result->CTR = "PHP SoapServer\r\nApproved - Thank You 100";
        if (!$check) { $result->AVS = 'Y'; $result->CVV2 = 'M'; }
        return $result;
    }
    public function SendAndCommit($source) { return $this->answer($source, false); }
    public function TransactionInfo($source) { return $this->answer($source, false); }
    public function SendAndCommitCheck($source) { return $this->answer($source, true); }
    public function CheckTransactionInfo($source) { return $this->answer($source, true); }
}
if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST') { http_response_code(405); exit; }
$expected = getenv('POS_NAMESPACE');
$action = trim($_SERVER['HTTP_SOAPACTION'] ?? '', '"');
if ($expected !== false && strpos($action, $expected) !== 0) {
    // PHP does not check SOAPAction itself; a real .NET gateway does.
    http_response_code(500);
    header('Content-Type: text/xml');
    echo '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>bad SOAPAction</faultstring></soap:Fault></soap:Body></soap:Envelope>';
    exit;
}
$server = new SoapServer(getenv('POS_WSDL'), ['cache_wsdl' => WSDL_CACHE_NONE, 'features' => SOAP_SINGLE_ELEMENT_ARRAYS]);
$server->setClass('Gateway');
$server->handle();
