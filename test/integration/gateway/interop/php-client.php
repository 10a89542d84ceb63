<?php
// Interop: PHP's own SOAP extension, in WSDL mode, calls one operation of our simulator.
// argv: wsdl-file endpoint operation request-json. Prints {"result":..., "request":"<raw xml>"} as JSON.
[$_, $wsdl, $endpoint, $operation, $json] = $argv;
$client = new SoapClient($wsdl, [
    'location' => $endpoint,
    'trace' => true,
    'exceptions' => true,
    'cache_wsdl' => WSDL_CACHE_NONE,
    'features' => SOAP_SINGLE_ELEMENT_ARRAYS,
]);
$request = json_decode($json, false, 512, JSON_THROW_ON_ERROR);
try {
    $result = $client->__soapCall($operation, [$request]);
    echo json_encode(['result' => $result, 'request' => $client->__getLastRequest(), 'action' => $client->__getLastRequestHeaders()], JSON_UNESCAPED_SLASHES), "\n";
} catch (SoapFault $f) {
    echo json_encode(['fault' => ['code' => $f->faultcode, 'string' => $f->faultstring], 'request' => $client->__getLastRequest()], JSON_UNESCAPED_SLASHES), "\n";
    exit(3);
}
